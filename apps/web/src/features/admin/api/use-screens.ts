/**
 * The panel's screens (issue #43 items 1, 3 and 5): the players of the screen faces, Urbana's house
 * creatives and the make-goods of under-delivered bookings, over the admin API.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type AnswerOf,
  type EntryOf,
  type MakeGoodGrant,
  type PlayerInput,
  type houseCreativeListSchema,
} from '@urbana/shared';
import { api } from '../../../lib/api-client.ts';
import { call, hrefOf } from '../../../lib/endpoint-call.ts';
import { adminKeys } from './admin-api.ts';
import { adminEndpoints } from '../../../lib/endpoints/admin.ts';

export type HouseCreatives = z.infer<typeof houseCreativeListSchema>;

const { players, houseCreatives, makeGoods } = adminEndpoints;

const keys = {
  players: [...adminKeys.all, 'telas'] as const,
  house: [...adminKeys.all, 'criativos-da-casa'] as const,
  makeGoods: [...adminKeys.all, 'reposicoes'] as const,
};

/** Every player; a minute old at most, so "last contact" and the silence stay current on a open page. */
export const usePlayers = () =>
  useQuery({
    queryKey: keys.players,
    queryFn: () => call(players.list),
    refetchInterval: 60_000,
  });

function useRefreshing<TInput, TResult>(key: readonly unknown[], fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useCreatePlayer = () =>
  useRefreshing(keys.players, (input: PlayerInput) => call(players.create, { body: input }));
export const useDeletePlayer = () =>
  useRefreshing(keys.players, (id: string) => call(players.remove, { params: { id } }));

/** The signage system's proof-of-play export (CSV) of one screen, sent as the file itself. */
export const useImportProofOfPlay = () =>
  useRefreshing(keys.players, ({ id, file }: { id: string; file: File }) =>
    api<AnswerOf<EntryOf<typeof players.importProofOfPlay>>>(
      hrefOf(players.importProofOfPlay, { params: { id } }),
      {
        method: players.importProofOfPlay.method,
        body: file,
        headers: { 'content-type': 'text/csv' },
      },
    ),
  );

export const useHouseCreatives = () =>
  useQuery({ queryKey: keys.house, queryFn: () => call(houseCreatives.list) });
export const useAddHouseCreative = () =>
  useRefreshing(keys.house, (mediaId: string) => call(houseCreatives.add, { body: { media_id: mediaId } }));
export const useRemoveHouseCreative = () =>
  useRefreshing(keys.house, (mediaId: string) => call(houseCreatives.remove, { params: { id: mediaId } }));

export const useMakeGoods = () =>
  useQuery({
    queryKey: keys.makeGoods,
    queryFn: () => call(makeGoods.list),
  });
export const useGrantMakeGood = () =>
  useRefreshing(keys.makeGoods, ({ id, input }: { id: string; input: MakeGoodGrant }) =>
    call(makeGoods.grant, { params: { id }, body: input }),
  );
