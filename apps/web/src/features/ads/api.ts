import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdDetail, AdInput, AdItem, AdStatus, AdSummary, MediaItem, MediaLibrary } from '@urbana/shared';
import { call } from '../../lib/endpoint-call.ts';
import { adsEndpoints as ads } from '../../lib/endpoints/ads.ts';
import { mediaEndpoints as media } from '../../lib/endpoints/media.ts';

export type { AdDetail, AdInput, AdItem, AdSummary, MediaItem, MediaLibrary };

export const mediaQuery = queryOptions({
  queryKey: ['media'],
  queryFn: () => call(media.list),
});
export const useMediaLibrary = () => useQuery(mediaQuery);

export function useRenameMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; name: string }) =>
      call(media.rename, { params: { id: v.id }, body: { name: v.name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['media'] }),
  });
}

export function useDeleteMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(media.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['media'] }),
  });
}

/** The person's ads, of one status and, for an agency, of one advertiser (null: all). */
export const adsQuery = (status: AdStatus | null, advertiserId: string | null = null) =>
  queryOptions({
    queryKey: ['ads', status ?? 'todos', advertiserId ?? 'todos'],
    queryFn: () =>
      call(ads.list, {
        query: { status: status ?? undefined, advertiser_id: advertiserId ?? undefined },
      }).then((r) => r.items),
  });
export const useAds = (status: AdStatus | null, advertiserId: string | null = null) =>
  useQuery(adsQuery(status, advertiserId));

export const adQuery = (id: string) =>
  queryOptions({ queryKey: ['ad', id], queryFn: () => call(ads.detail, { params: { id } }) });
export const useAd = (id: string | undefined) => useQuery({ ...adQuery(id ?? ''), enabled: Boolean(id) });

export const adOptionsQuery = (adId: string | undefined) =>
  queryOptions({
    queryKey: ['ad-options', adId ?? 'novo'],
    queryFn: () => call(ads.options, { query: { anuncio: adId } }).then((r) => r.items),
  });
export const useAdOptions = (adId: string | undefined) => useQuery(adOptionsQuery(adId));

export function useSaveAd(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdInput) =>
      id ? call(ads.update, { params: { id }, body: input }) : call(ads.create, { body: input }),
    onSuccess: (ad) => {
      client.setQueryData(['ad', ad.id], ad);
      void client.invalidateQueries({ queryKey: ['ads'] });
      void client.invalidateQueries({ queryKey: ['media'] });
      void client.invalidateQueries({ queryKey: ['ad-options'] });
    },
  });
}

export function useSubmitAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(ads.submit, { params: { id } }),
    onSuccess: (ad) => {
      client.setQueryData(['ad', ad.id], ad);
      void client.invalidateQueries({ queryKey: ['ads'] });
    },
  });
}

export function useDeleteAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(ads.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['ads'] }),
  });
}
