import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex flex-col items-center justify-center gap-3 text-slate-600', className)}
    >
      <LoaderCircle aria-hidden="true" className="h-8 w-8 animate-spin text-brand-700" />
      <span>{label}</span>
    </div>
  );
}

export function FullPageSpinner({ label }: { label: string }) {
  return <Spinner label={label} className="min-h-screen" />;
}
