import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { querySearch, type AdminCampaignQuery, type CampaignDetail } from '@urbana/shared';

export type { CampaignDetail };
import { call, hrefOf } from '../../lib/endpoint-call.ts';
import { uploadFile } from '../ads/index.ts';
import { adminEndpoints } from '../../lib/endpoints/admin.ts';

const { campaigns } = adminEndpoints;

/** The list's filters, as the shared request schema reads them (20 a page). */
type CampaignFilters = Omit<AdminCampaignQuery, 'page_size'>;

export const campaignsQuery = (f: CampaignFilters) => {
  const query = { page: f.page, page_size: 20, status: f.status, de: f.de, ate: f.ate, q: f.q?.trim() };
  return queryOptions({
    queryKey: ['admin-campaigns', querySearch(query)],
    queryFn: () => call(campaigns.list, { query }),
    placeholderData: keepPreviousData,
  });
};
export const useCampaigns = (f: CampaignFilters) => useQuery(campaignsQuery(f));

export const campaignQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin-campaign', id],
    queryFn: () => call(campaigns.one, { params: { id } }),
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
    call(campaigns.reviewAd, {
      params: { id: v.adId },
      body: { decisao: v.approve ? 'aprovar' : 'reprovar', ...(v.reason ? { motivo: v.reason } : {}) },
    }),
  );

export const useRunCampaign = (campaignId: string) =>
  useCampaignMutation(campaignId, (v: { action: 'iniciar' | 'finalizar'; reason?: string | undefined }) =>
    v.action === 'iniciar'
      ? call(campaigns.start, { params: { id: campaignId } })
      : call(campaigns.finish, {
          params: { id: campaignId },
          body: v.reason ? { motivo: v.reason } : undefined,
        }),
  );

export const useAddProof = (campaignId: string) =>
  useCampaignMutation(campaignId, (v: { file: File; date: string; caption: string }) => {
    const query = { data: v.date, legenda: v.caption.trim() };
    return uploadFile(
      v.file,
      () => undefined,
      hrefOf(campaigns.addProof, { params: { id: campaignId }, query }),
    ).promise;
  });

/** Staff take back a proof photo sent by mistake, saying why (issue #40 item 7). */
export const useRemoveProof = (campaignId: string) =>
  useCampaignMutation(campaignId, (v: { proofId: string; reason: string }) =>
    call(campaigns.removeProof, {
      params: { id: campaignId, proofId: v.proofId },
      body: { motivo: v.reason },
    }),
  );
