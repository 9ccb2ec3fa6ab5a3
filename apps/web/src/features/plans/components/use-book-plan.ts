import { useNavigate } from 'react-router';
import { paths } from '@urbana/shared';
import { toast } from '../../../lib/toast.ts';
import { useCart } from '../../cart/index.ts';
import { planLineToCart, splitForBooking, type PlanBookingLine } from './book-plan.ts';

/**
 * "Reservar este plano", on the plan's own page and on a shared link alike: the lines with room go to
 * the cart and the cart opens; what had no room is named. Lines the cart already has for those weeks
 * are not added twice, and when that is all of them the person is told and taken to the cart (the
 * button did nothing before).
 */
export function useBookPlan(): (lines: PlanBookingLine[]) => void {
  const cart = useCart();
  const navigate = useNavigate();
  return (lines) => {
    const { bookable, left } = splitForBooking(lines);
    const added = bookable.filter((l) => cart.addItem(planLineToCart(l))).length;
    if (left.length > 0) toast.error('Sem vaga agora', `Ficaram de fora: ${left.join(', ')}.`);
    if (added > 0) {
      toast.success(
        'Plano no carrinho',
        `${added} ${added === 1 ? 'local adicionado' : 'locais adicionados'}.`,
      );
    } else if (bookable.length > 0) {
      toast.info('Estes locais já estão no carrinho', 'Para outras semanas, altere o período no carrinho.');
    }
    if (bookable.length > 0) void navigate(paths.carrinho);
  };
}
