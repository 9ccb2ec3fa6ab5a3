import { Construction } from 'lucide-react';
import { useMatches } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import type { RouteHandle } from '../router.tsx';

/** A screen that a later part of the product fills in: its title and a clear "em breve". */
export function Component() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as RouteHandle | undefined)?.title ?? 'Urbana';
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <Card className="flex items-start gap-4">
        <Construction aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" />
        <div>
          <p className="font-semibold text-slate-900">Em breve</p>
          <p className="mt-1 text-slate-600">
            Esta tela está sendo preparada e chega nas próximas versões da Urbana.
          </p>
        </div>
      </Card>
    </div>
  );
}
