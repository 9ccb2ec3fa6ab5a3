import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdDetail, AdInput, AdItem, AdStatus, AdSummary, MediaItem, MediaLibrary } from '@urbana/shared';
import { api } from '../../lib/api-client.ts';

export type { AdDetail, AdInput, AdItem, AdSummary, MediaItem, MediaLibrary };

export const mediaQuery = queryOptions({
  queryKey: ['media'],
  queryFn: () => api<MediaLibrary>('/api/media'),
});
export const useMediaLibrary = () => useQuery(mediaQuery);

export function useRenameMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; name: string }) =>
      api<MediaItem>(`/api/media/${v.id}`, { method: 'PATCH', body: { name: v.name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['media'] }),
  });
}

export function useDeleteMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/media/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['media'] }),
  });
}

/** The person's ads, of one status and, for an agency, of one advertiser (null: all). */
export const adsQuery = (status: AdStatus | null, advertiserId: string | null = null) =>
  queryOptions({
    queryKey: ['ads', status ?? 'todos', advertiserId ?? 'todos'],
    queryFn: () => {
      const query = new URLSearchParams();
      if (status) query.set('status', status);
      if (advertiserId) query.set('advertiser_id', advertiserId);
      const search = query.toString();
      return api<{ items: AdSummary[] }>(`/api/ads${search ? `?${search}` : ''}`).then((r) => r.items);
    },
  });
export const useAds = (status: AdStatus | null, advertiserId: string | null = null) =>
  useQuery(adsQuery(status, advertiserId));

export const adQuery = (id: string) =>
  queryOptions({ queryKey: ['ad', id], queryFn: () => api<AdDetail>(`/api/ads/${id}`) });
export const useAd = (id: string | undefined) => useQuery({ ...adQuery(id ?? ''), enabled: Boolean(id) });

export const adOptionsQuery = (adId: string | undefined) =>
  queryOptions({
    queryKey: ['ad-options', adId ?? 'novo'],
    queryFn: () =>
      api<{ items: AdItem[] }>(`/api/ads/opcoes${adId ? `?anuncio=${adId}` : ''}`).then((r) => r.items),
  });
export const useAdOptions = (adId: string | undefined) => useQuery(adOptionsQuery(adId));

export function useSaveAd(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdInput) =>
      id
        ? api<AdDetail>(`/api/ads/${id}`, { method: 'PUT', body: input })
        : api<AdDetail>('/api/ads', { method: 'POST', body: input }),
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
    mutationFn: (id: string) => api<AdDetail>(`/api/ads/${id}/enviar`, { method: 'POST' }),
    onSuccess: (ad) => {
      client.setQueryData(['ad', ad.id], ad);
      void client.invalidateQueries({ queryKey: ['ads'] });
    },
  });
}

export function useDeleteAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/ads/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['ads'] }),
  });
}
