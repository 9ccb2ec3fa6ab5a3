import { NavLink, Outlet, useLocation } from 'react-router';
import { ProtectedRoute } from '../../features/auth/index.ts';
import { cn } from '../../lib/cn.ts';
import { useCurrentSectionInView } from '../../lib/use-current-in-view.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { userNavWithIcons } from './nav-icons.ts';

/** The user area: a dashboard layout behind the protected route. */
export function Component() {
  const nav = useCurrentSectionInView(useLocation().pathname);
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row md:py-8">
        <aside className="md:w-60 md:shrink-0">
          <nav ref={nav} aria-label="Minha conta" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
            <ul className="flex gap-1 md:flex-col">
              {userNavWithIcons.map((item) => (
                <li key={item.to} className="shrink-0">
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100',
                        isActive && 'bg-brand-50 text-brand-800',
                      )
                    }
                  >
                    <item.icon className="h-4 w-4" aria-hidden="true" />
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <main id="conteudo" className="min-w-0 flex-1">
          <ProtectedRoute>
            <Outlet />
          </ProtectedRoute>
        </main>
      </div>
      <Footer />
    </div>
  );
}
