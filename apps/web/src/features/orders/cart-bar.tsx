import { formatMoney } from '@urbana/shared';
import { Button } from '../../components/ui/button.tsx';

/**
 * On a phone the cart's summary comes after every line, so with a few lines its button was screens
 * away: the total and "Continuar para o pagamento" stay in a bar at the bottom of the screen, as the
 * product page's booking bar does (the summary's own button shows from `lg` up).
 */
export function CartBar({
  total,
  disabled,
  problem,
  onContinue,
}: {
  total: number;
  disabled: boolean;
  /** Why the button is off, when a line needs fixing. */
  problem?: string | null;
  onContinue: () => void;
}) {
  return (
    // data-bottom-bar: the page ends above this bar on a phone (index.css).
    <section
      data-bottom-bar
      aria-label="Total do carrinho"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-2xl items-center justify-between gap-3">
        <div className="min-w-0" aria-live="polite">
          <p className="text-xs text-slate-600">Total</p>
          <p className="whitespace-nowrap font-bold text-slate-900" data-testid="barra-total">
            {formatMoney(total)}
          </p>
          {problem ? <p className="text-xs text-red-700">{problem}</p> : null}
        </div>
        {/* The whole name is read out; on a narrow phone only "Continuar" is shown, so the total beside
            it is never cut. */}
        <Button className="shrink-0" disabled={disabled} onClick={onContinue}>
          Continuar<span className="sr-only sm:not-sr-only"> para o pagamento</span>
        </Button>
      </div>
    </section>
  );
}
