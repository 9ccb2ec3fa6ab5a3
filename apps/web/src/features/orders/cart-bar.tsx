import { formatMoney } from '@urbana/shared';
import { BottomBar } from '../../components/ui/bottom-bar.tsx';
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
    <BottomBar label="Total do carrinho">
      <div className="min-w-0" aria-live="polite">
        <p className="text-xs text-slate-600">Total</p>
        <p className="whitespace-nowrap font-bold text-slate-900" data-testid="barra-total">
          {formatMoney(total)}
        </p>
        {problem ? <p className="text-xs text-red-700">{problem}</p> : null}
      </div>
      {/* The whole name is read out; on a narrow phone only "Continuar" is shown, so the total
          beside it is never cut. */}
      <Button className="shrink-0" disabled={disabled} onClick={onContinue}>
        Continuar<span className="sr-only sm:not-sr-only"> para o pagamento</span>
      </Button>
    </BottomBar>
  );
}
