import type { PlanLine } from '@urbana/shared';
import { CartAdvertiserPicker, useCartAdvertiser, useIsAgency } from '../../../features/agencies/index.ts';
import type { cartToRequest } from '../../../features/orders/index.ts';
import { SavePlanDialog } from '../../../features/plans/index.ts';
import { RequestProposalDialog } from '../../../features/proposals/components/request-proposal.tsx';

/**
 * The cart's advertiser (an agency's, decision 116), and "Pedir proposta" and "Salvar como plano",
 * which start from it.
 */
export function ForAdvertiser({
  items,
  planLines,
  signedIn,
  payDisabled,
  planDisabled,
  onSignIn,
}: {
  items: ReturnType<typeof cartToRequest>;
  planLines: PlanLine[];
  signedIn: boolean;
  payDisabled: boolean;
  planDisabled: boolean;
  onSignIn: () => void;
}) {
  const cartAdvertiser = useCartAdvertiser(useIsAgency(signedIn));
  const advertiserId = cartAdvertiser.data?.advertiser?.id ?? null;
  return (
    <>
      <CartAdvertiserPicker id="carrinho-anunciante" enabled={signedIn} />
      <RequestProposalDialog
        items={items}
        source="carrinho"
        disabled={payDisabled}
        advertiserId={advertiserId}
      />
      <SavePlanDialog
        lines={planLines}
        advertiserId={advertiserId}
        signedIn={signedIn}
        disabled={planDisabled}
        onSignIn={onSignIn}
      />
    </>
  );
}
