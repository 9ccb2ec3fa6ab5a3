import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type BlockInput,
  type cellOccupantsResponse,
  type customerSearchResponse,
  type HoldInput,
  type holdResponse,
  type inventoryGridResponse,
} from '@urbana/shared';
import { call } from '../../../lib/endpoint-call.ts';
import { queryFromSearch } from '../../../lib/search-query.ts';
import { adminEndpoints } from '../../../lib/endpoints/admin.ts';

const { inventory } = adminEndpoints;

export type InventoryGridData = z.infer<typeof inventoryGridResponse>;
export type CellOccupantsData = z.infer<typeof cellOccupantsResponse>;
export type HoldData = z.infer<typeof holdResponse>;
export type CustomerOptionData = z.infer<typeof customerSearchResponse>['items'][number];

/** Every inventory query key starts here: a block, hold or release refreshes them all. */
export const inventoryKeys = {
  all: ['admin', 'inventario'] as const,
  grid: (search: string) => ['admin', 'inventario', 'grade', search] as const,
  cell: (tower: string, from: string, to: string) =>
    ['admin', 'inventario', 'celula', tower, from, to] as const,
};

export const useInventoryGrid = (search: string) =>
  useQuery({
    queryKey: inventoryKeys.grid(search),
    queryFn: () => call(inventory.grid, { query: queryFromSearch(inventory.grid, search) }),
    placeholderData: keepPreviousData,
  });

export const useCellOccupants = (cell: { tower: string; from: string; to: string } | null) =>
  useQuery({
    queryKey: inventoryKeys.cell(cell?.tower ?? '', cell?.from ?? '', cell?.to ?? ''),
    queryFn: () => call(inventory.cell, { query: { torre: cell!.tower, de: cell!.from, ate: cell!.to } }),
    enabled: Boolean(cell),
  });

export const useCustomerSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'inventario', 'clientes', q],
    queryFn: () => call(inventory.customers, { query: { q } }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

function useInventoryMutation<I>(run: (input: I) => Promise<HoldData>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

export const useCreateBlock = () =>
  useInventoryMutation((input: BlockInput) => call(inventory.block, { body: input }));
export const useCreateHold = () =>
  useInventoryMutation((input: HoldInput) => call(inventory.hold, { body: input }));
export const useReleaseHold = () =>
  useInventoryMutation((id: string) => call(inventory.release, { params: { id } }));
