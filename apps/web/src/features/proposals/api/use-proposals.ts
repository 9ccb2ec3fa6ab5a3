import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  customerProposalListResponse,
  ProposalAnswer,
  ProposalCounter,
  ProposalInput,
  ProposalRequest,
  proposalListResponse,
  proposalSchema,
} from '@urbana/shared';
import { call } from '../../../lib/endpoint-call.ts';
import { queryFromSearch } from '../../../lib/search-query.ts';
import { adminEndpoints } from '../../../lib/endpoints/admin.ts';
import { proposalsEndpoints as proposals } from '../../../lib/endpoints/proposals.ts';

const staff = adminEndpoints.proposals;

export type ProposalData = z.infer<typeof proposalSchema>;
export type ProposalListData = z.infer<typeof proposalListResponse>;
export type CustomerProposalListData = z.infer<typeof customerProposalListResponse>;

export const proposalKeys = {
  all: ['propostas'] as const,
  list: (search: string) => ['propostas', 'lista', search] as const,
  staff: (id: string) => ['propostas', 'equipe', id] as const,
  customer: (id: string) => ['propostas', 'cliente', id] as const,
  mine: ['propostas', 'cliente'] as const,
};

export const useProposalList = (search: string) =>
  useQuery({
    queryKey: proposalKeys.list(search),
    queryFn: () => call(staff.list, { query: queryFromSearch(staff.list, search) }),
    placeholderData: keepPreviousData,
  });

export const useStaffProposal = (id: string) =>
  useQuery({
    queryKey: proposalKeys.staff(id),
    queryFn: () => call(staff.one, { params: { id } }),
  });

/** The customer's "Propostas" (GET /api/propostas). */
export const useMyProposals = () =>
  useQuery({ queryKey: proposalKeys.mine, queryFn: () => call(proposals.list) });

export const useCustomerProposal = (id: string) =>
  useQuery({
    queryKey: proposalKeys.customer(id),
    queryFn: () => call(proposals.detail, { params: { id } }),
  });

function useProposalMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Also after a refusal: a refused acceptance changes the proposal (decision 077).
    onSettled: () => client.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}

export const useCreateProposal = () =>
  useProposalMutation((input: ProposalInput) => call(staff.create, { body: input }));
export const useSendProposal = () =>
  useProposalMutation((id: string) => call(staff.send, { params: { id } }));
export const useCancelProposal = () =>
  useProposalMutation((id: string) => call(staff.cancel, { params: { id } }));
export const useAcceptProposal = () =>
  useProposalMutation((input: { id: string; payment_method: 'pix' | 'faturado' }) =>
    call(proposals.accept, { params: { id: input.id }, body: { payment_method: input.payment_method } }),
  );

/** "Pedir proposta" on a cart or a plan (issue #44 item 4). */
export const useRequestProposal = () =>
  useProposalMutation((input: ProposalRequest) => call(proposals.request, { body: input }));
export const useCounterProposal = () =>
  useProposalMutation((input: { id: string; body: ProposalCounter }) =>
    call(proposals.counter, { params: { id: input.id }, body: input.body }),
  );
export const useDeclineProposal = () =>
  useProposalMutation((input: { id: string; reason: string }) =>
    call(proposals.decline, { params: { id: input.id }, body: { reason: input.reason } }),
  );
export const useAnswerProposal = () =>
  useProposalMutation((input: { id: string; body: ProposalAnswer }) =>
    call(staff.answer, { params: { id: input.id }, body: input.body }),
  );
