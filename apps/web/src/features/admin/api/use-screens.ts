/**
 * The panel's screens (issue #43 items 1, 3 and 5): the players of the screen faces, Urbana's house
 * creatives and the make-goods of under-delivered bookings, over the admin API.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminMakeGood,
  AdminPlayer,
  MakeGoodGrant,
  PlayerCreated,
  PlayerInput,
  ProofOfPlayImport,
  houseCreativeListSchema,
} from '@urbana/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-api.ts';

export type HouseCreatives = z.infer<typeof houseCreativeListSchema>;

const keys = {
  players: [...adminKeys.all, 'telas'] as const,
  house: [...adminKeys.all, 'criativos-da-casa'] as const,
  makeGoods: [...adminKeys.all, 'reposicoes'] as const,
};

/** Every player; a minute old at most, so "last contact" and the silence stay current on a open page. */
export const usePlayers = () =>
  useQuery({
    queryKey: keys.players,
    queryFn: () => api<{ items: AdminPlayer[] }>('/api/admin/telas'),
    refetchInterval: 60_000,
  });

function useRefreshing<TInput, TResult>(key: readonly unknown[], fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useCreatePlayer = () =>
  useRefreshing(keys.players, (input: PlayerInput) =>
    api<PlayerCreated>('/api/admin/telas', { method: 'POST', body: input }),
  );
export const useDeletePlayer = () =>
  useRefreshing(keys.players, (id: string) => api<void>(`/api/admin/telas/${id}`, { method: 'DELETE' }));

/** The signage system's proof-of-play export (CSV) of one screen, sent as the file itself. */
export const useImportProofOfPlay = () =>
  useRefreshing(keys.players, ({ id, file }: { id: string; file: File }) =>
    api<ProofOfPlayImport>(`/api/admin/telas/${id}/exibicoes-csv`, {
      method: 'POST',
      body: file,
      headers: { 'content-type': 'text/csv' },
    }),
  );

export const useHouseCreatives = () =>
  useQuery({ queryKey: keys.house, queryFn: () => api<HouseCreatives>('/api/admin/criativos-da-casa') });
export const useAddHouseCreative = () =>
  useRefreshing(keys.house, (mediaId: string) =>
    api<HouseCreatives>('/api/admin/criativos-da-casa', { method: 'POST', body: { media_id: mediaId } }),
  );
export const useRemoveHouseCreative = () =>
  useRefreshing(keys.house, (mediaId: string) =>
    api<void>(`/api/admin/criativos-da-casa/${mediaId}`, { method: 'DELETE' }),
  );

export const useMakeGoods = () =>
  useQuery({
    queryKey: keys.makeGoods,
    queryFn: () => api<{ items: AdminMakeGood[] }>('/api/admin/reposicoes'),
  });
export const useGrantMakeGood = () =>
  useRefreshing(keys.makeGoods, ({ id, input }: { id: string; input: MakeGoodGrant }) =>
    api<AdminMakeGood>(`/api/admin/reposicoes/${id}/conceder`, { method: 'POST', body: input }),
  );
