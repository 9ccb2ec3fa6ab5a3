import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@urbana/shared';

/** Specification §2 (docs/spec/specification.md): '404', 'Oops! Page not found', a 'Return to Home' link, the path logged to the console. */
export function Component() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-6xl font-bold text-slate-900">404</h1>
      <p className="text-xl text-slate-600">Oops! Page not found</p>
      <Link to={paths.home} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
        Return to Home
      </Link>
    </div>
  );
}
