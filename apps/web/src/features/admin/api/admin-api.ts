import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerOf,
  EntryOf,
  ClientEndpoint,
  CouponInput,
  Endpoint,
  ProductInput,
  QueryIn,
  UserType,
} from '@urbana/shared';
import { dateRangeProblem } from '@urbana/shared';
import { api } from '../../../lib/api-client.ts';
import { call, hrefOf } from '../../../lib/endpoint-call.ts';
import { queryFromSearch } from '../../../lib/search-query.ts';
import { adminEndpoints as admin } from '../../../lib/endpoints/admin.ts';

/** Every admin query key starts here, so a change can refresh what depends on it. */
export const adminKeys = {
  all: ['admin'] as const,
  list: (name: string, search: string) => ['admin', name, 'lista', search] as const,
  one: (name: string, id: string) => ['admin', name, id] as const,
};

/**
 * A list's period that ends before it starts (a pasted or older address: the date fields never send
 * one) is not asked for: the fields say what is wrong, and the server would only say it again.
 */
export const periodRefused = (search: string) => {
  const params = new URLSearchParams(search);
  return dateRangeProblem(params.get('from') ?? '', params.get('to') ?? '') !== null;
};

/** Calls a list's endpoint (one without path parameters) with the query the address carries. */
const callList = call as <E extends Endpoint>(
  e: ClientEndpoint<E>,
  input: { query: QueryIn<E> },
) => Promise<AnswerOf<E>>;

/** A list screen's query: the endpoint called with the address's query. */
const listQuery = <E extends Endpoint>(name: string, e: ClientEndpoint<E>, search: string) =>
  queryOptions({
    queryKey: adminKeys.list(name, search),
    queryFn: () => callList(e, { query: queryFromSearch(e, search) }),
    placeholderData: keepPreviousData,
    enabled: !periodRefused(search),
  });

export const useOverview = () =>
  useQuery(queryOptions({ queryKey: ['admin', 'resumo'], queryFn: () => call(admin.dashboard.overview) }));

export const useAdminUsers = (search: string) => useQuery(listQuery('usuarios', admin.users.list, search));
export const useAdminUser = (id: string | null) =>
  useQuery({
    queryKey: adminKeys.one('usuarios', id ?? ''),
    queryFn: () => call(admin.users.one, { params: { id: id! } }),
    enabled: Boolean(id),
  });

export const useAdminProducts = (search: string, enabled = true) =>
  useQuery({
    ...listQuery('produtos', admin.products.list, search),
    enabled: enabled && !periodRefused(search),
  });
export const useAdminProduct = (id: string | undefined) =>
  useQuery({
    queryKey: adminKeys.one('produtos', id ?? ''),
    queryFn: () => call(admin.products.one, { params: { id: id! } }),
    enabled: Boolean(id),
  });

export const useAdminCoupons = (search: string) => useQuery(listQuery('cupons', admin.coupons.list, search));

export const useEmailLogs = (search: string) =>
  useQuery(listQuery('email-logs', admin.emailLogs.list, search));
export const useEmailLog = (id: string | null) =>
  useQuery({
    queryKey: adminKeys.one('email-logs', id ?? ''),
    queryFn: () => call(admin.emailLogs.one, { params: { id: id! } }),
    enabled: Boolean(id),
  });

export const useAuditLog = (search: string) => useQuery(listQuery('logs', admin.auditLog.list, search));

export const useSalesReport = (search: string) =>
  useQuery(listQuery('relatorios', admin.reports.sales, search));

/** A mutation that refreshes every admin list and detail when it succeeds. */
function useAdminMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useChangeRole = () =>
  useAdminMutation(({ id, tipo }: { id: string; tipo: UserType }) =>
    call(admin.users.changeRole, { params: { id }, body: { tipo_usuario: tipo } }),
  );
export const useSetBlocked = () =>
  useAdminMutation(({ id, blocked }: { id: string; blocked: boolean }) =>
    call(blocked ? admin.users.block : admin.users.unblock, { params: { id } }),
  );
export const useResendConfirmation = () =>
  useAdminMutation((id: string) => call(admin.users.resendConfirmation, { params: { id } }));

export const useSaveProduct = () =>
  useAdminMutation(({ id, input }: { id?: string | undefined; input: ProductInput }) =>
    id
      ? call(admin.products.update, { params: { id }, body: input })
      : call(admin.products.create, { body: input }),
  );
export const useSetProductStatus = () =>
  useAdminMutation(({ id, status }: { id: string; status: 'ativo' | 'inativo' }) =>
    call(admin.products.setStatus, { params: { id }, body: { status } }),
  );
export const useReorderPhotos = () =>
  useAdminMutation(({ id, order }: { id: string; order: string[] }) =>
    call(admin.products.reorderPhotos, { params: { id }, body: { order } }),
  );
export const useRemovePhoto = () =>
  useAdminMutation(({ id, photoId }: { id: string; photoId: string }) =>
    call(admin.products.removePhoto, { params: { id, photoId } }),
  );

/** Sends the file itself as the body; the server reads its real type from the bytes. */
const uploadPhoto = ({ id, file }: { id: string; file: File }) => {
  const e = admin.products.uploadPhoto;
  const alt = file.name.replace(/\.[^.]+$/, '');
  return api<AnswerOf<EntryOf<typeof e>>>(hrefOf(e, { params: { id }, query: { alt } }), {
    method: e.method,
    body: file,
  });
};
export const useUploadPhoto = () => useAdminMutation(uploadPhoto);

export const useSaveCoupon = () =>
  useAdminMutation(({ id, input }: { id?: string | undefined; input: CouponInput }) =>
    id
      ? call(admin.coupons.update, { params: { id }, body: input })
      : call(admin.coupons.create, { body: input }),
  );

export const useResendEmail = () =>
  useAdminMutation((id: string) => call(admin.emailLogs.resend, { params: { id } }));
