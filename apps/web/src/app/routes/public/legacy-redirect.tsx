import { useEffect } from 'react';
import { useParams } from 'react-router';
import { buildPath, loadingTexts } from '@urbana/shared';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** Specification §2 (docs/spec/specification.md) legacy redirects: a full page reload, `:id` kept, query string kept. */
export function LegacyRedirect({ to }: { to: string }) {
  const params = useParams();
  useEffect(() => {
    const target = buildPath(to, params as Record<string, string>);
    window.location.replace(target + window.location.search + window.location.hash);
  }, [to, params]);
  return <Spinner label={loadingTexts.loading} className="min-h-screen" />;
}
