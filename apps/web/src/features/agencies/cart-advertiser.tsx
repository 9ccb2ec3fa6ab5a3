import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type cartAdvertiserSchema } from '@urbana/shared';
import { errorMessage } from '../../lib/api-client.ts';
import { call } from '../../lib/endpoint-call.ts';
import { toast } from '../../lib/toast.ts';
import { AdvertiserPicker, useIsAgency } from './advertiser-picker.tsx';
import { cartEndpoints } from '../../lib/endpoints/cart.ts';

type CartAdvertiser = z.infer<typeof cartAdvertiserSchema>;
const cartAdvertiserKey = ['carrinho', 'anunciante'] as const;

/**
 * The advertiser an agency's cart is for (decision 116), kept on the server with the cart: the cart
 * page, the checkout and "Salvar plano" start from it; it goes to the order.
 */
export function useCartAdvertiser(enabled = true) {
  return useQuery({
    queryKey: cartAdvertiserKey,
    queryFn: async (): Promise<CartAdvertiser> => ({
      advertiser: (await call(cartEndpoints.read)).advertiser ?? null,
    }),
    enabled,
  });
}

/** Names the cart's advertiser (null: none); the answer replaces what the screens show. */
export function useSaveCartAdvertiser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (advertiserId: string | null) =>
      call(cartEndpoints.advertiser, { body: { advertiser_id: advertiserId } }),
    onSuccess: (data) => client.setQueryData(cartAdvertiserKey, data),
    onError: (error) =>
      toast.error(errorMessage(error, 'Não foi possível guardar o anunciante do carrinho.')),
  });
}

/**
 * "Para qual anunciante?" bound to the cart: shows the cart's advertiser and saves a change at once,
 * so the order, a quote asked from the cart and a plan saved from it are for the same advertiser.
 * Nothing for a direct customer.
 */
export function CartAdvertiserPicker({
  id,
  error,
  enabled = true,
}: {
  id: string;
  error?: string | undefined;
  /** False while nobody is signed in (the cart page is public). */
  enabled?: boolean;
}) {
  const isAgency = useIsAgency(enabled);
  const current = useCartAdvertiser(isAgency);
  const save = useSaveCartAdvertiser();
  if (!isAgency) return null;
  const value = save.isPending ? (save.variables ?? '') : (current.data?.advertiser?.id ?? '');
  return (
    <AdvertiserPicker
      id={id}
      value={value}
      onChange={(advertiserId) => save.mutate(advertiserId || null)}
      error={error}
    />
  );
}
