import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCampaignPage, AdminCampaignQuery, CampaignDetail } from '@urbana/shared';

export type { CampaignDetail };
import { api } from '../../lib/api-client.ts';
import { uploadFile } from '../ads/index.ts';

/** The list's filters, as the shared request schema reads them (20 a page). */
type CampaignFilters = Omit<AdminCampaignQuery, 'page_size'>;

export const campaignsQuery = (f: CampaignFilters) => {
  const params = new URLSearchParams({ page: String(f.page), page_size: '20' });
  if (f.status) params.set('status', f.status);
  if (f.de) params.set('de', f.de);
  if (f.ate) params.set('ate', f.ate);
  if (f.q?.trim()) params.set('q', f.q.trim());
  return queryOptions({
    queryKey: ['admin-campaigns', params.toString()],
    queryFn: () => api<AdminCampaignPage>(`/api/admin/campanhas?${params.toString()}`),
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

/** Staff take back a proof photo sent by mistake, saying why (issue #40 item 7). */
export const useRemoveProof = (campaignId: string) =>
  useCampaignMutation(campaignId, (v: { proofId: string; reason: string }) =>
    api<CampaignDetail>(`/api/admin/campanhas/${campaignId}/comprovacoes/${v.proofId}`, {
      method: 'DELETE',
      body: { motivo: v.reason },
    }),
  );
