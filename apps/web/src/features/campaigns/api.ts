import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignStatus } from '@urbana/shared';
import { api } from '../../lib/api-client.ts';
import { uploadFile, type AdDetail } from '../ads/index.ts';

export interface CampaignRow {
  id: string;
  order_id: string;
  order_code: string;
  product: string;
  type: string;
  city: string;
  state: string;
  start: string;
  end: string;
  customer: string;
  email: string;
  ad_id: string | null;
  ad_name: string | null;
  ad_status: string | null;
  status: CampaignStatus;
}

export interface CampaignList {
  total: number;
  page: number;
  page_size: number;
  counts: Partial<Record<CampaignStatus, number>>;
  items: CampaignRow[];
}

export interface CampaignDetail {
  id: string;
  status: CampaignStatus;
  product: string;
  type: string;
  city: string;
  state: string;
  start: string;
  end: string;
  weeks: number;
  towers: Array<{ id: string; name: string }>;
  order: { id: string; code: string; status: string; total: number };
  customer: { id: string; name: string; email: string; company: string | null; phone: string | null };
  ad: AdDetail | null;
  started_at: string | null;
  finished_at: string | null;
  /** Why staff ended the run before the booked last day (shown to the customer too). */
  early_end_reason: string | null;
  proofs: Array<{
    id: string;
    taken_on: string;
    caption: string;
    url: string;
    thumb_url: string;
    created_at: string;
  }>;
}

export interface CampaignFilters {
  status: CampaignStatus | null;
  de: string;
  ate: string;
  q: string;
  page: number;
}

export const campaignsQuery = (f: CampaignFilters) => {
  const params = new URLSearchParams({ page: String(f.page), page_size: '20' });
  if (f.status) params.set('status', f.status);
  if (f.de) params.set('de', f.de);
  if (f.ate) params.set('ate', f.ate);
  if (f.q.trim()) params.set('q', f.q.trim());
  return queryOptions({
    queryKey: ['admin-campaigns', params.toString()],
    queryFn: () => api<CampaignList>(`/api/admin/campanhas?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
};
export const useCampaigns = (f: CampaignFilters) => useQuery(campaignsQuery(f));

export const campaignQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin-campaign', id],
    queryFn: () => api<CampaignDetail>(`/api/admin/campanhas/${id}`),
  });
export const useCampaign = (id: string) => useQuery(campaignQuery(id));

function useCampaignMutation<V>(id: string, run: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['admin-campaign', id] });
      void client.invalidateQueries({ queryKey: ['admin-campaigns'] });
    },
  });
}

export const useReviewAd = (campaignId: string) =>
  useCampaignMutation(campaignId, (v: { adId: string; approve: boolean; reason?: string }) =>
    api<void>(`/api/admin/anuncios/${v.adId}/revisao`, {
      method: 'POST',
      body: { decisao: v.approve ? 'aprovar' : 'reprovar', ...(v.reason ? { motivo: v.reason } : {}) },
    }),
  );

export const useRunCampaign = (campaignId: string) =>
  useCampaignMutation(campaignId, (v: { action: 'iniciar' | 'finalizar'; reason?: string | undefined }) =>
    api<CampaignDetail>(`/api/admin/campanhas/${campaignId}/${v.action}`, {
      method: 'POST',
      ...(v.reason ? { body: { motivo: v.reason } } : {}),
    }),
  );

export const useAddProof = (campaignId: string) =>
  useCampaignMutation(campaignId, (v: { file: File; date: string; caption: string }) => {
    const params = new URLSearchParams({ data: v.date });
    if (v.caption.trim()) params.set('legenda', v.caption.trim());
    return uploadFile(
      v.file,
      () => undefined,
      `/api/admin/campanhas/${campaignId}/comprovacoes?${params.toString()}`,
    ).promise;
  });
