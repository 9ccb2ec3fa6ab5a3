import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCoupon,
  AdminProduct,
  AdminProductRow,
  AdminUserDetail,
  AdminUserRow,
  AuditRow,
  CouponInput,
  EmailDetail,
  EmailRow,
  Overview,
  Page,
  ProductInput,
  SalesReport,
  UserType,
} from '@urbana/shared';
import { dateRangeProblem } from '@urbana/shared';
import { api } from '../../../lib/api-client.ts';

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

const listQuery = <T>(name: string, path: string, search: string) =>
  queryOptions({
    queryKey: adminKeys.list(name, search),
    queryFn: () => api<T>(`${path}${search ? `?${search}` : ''}`),
    placeholderData: keepPreviousData,
    enabled: !periodRefused(search),
  });

export const useOverview = () =>
  useQuery(
    queryOptions({ queryKey: ['admin', 'resumo'], queryFn: () => api<Overview>('/api/admin/resumo') }),
  );

export const useAdminUsers = (search: string) =>
  useQuery(listQuery<Page<AdminUserRow>>('usuarios', '/api/admin/usuarios', search));
export const useAdminUser = (id: string | null) =>
  useQuery({
    queryKey: adminKeys.one('usuarios', id ?? ''),
    queryFn: () => api<AdminUserDetail>(`/api/admin/usuarios/${id}`),
    enabled: Boolean(id),
  });

export const useAdminProducts = (search: string, enabled = true) =>
  useQuery({
    ...listQuery<Page<AdminProductRow>>('produtos', '/api/admin/produtos', search),
    enabled: enabled && !periodRefused(search),
  });
export const useAdminProduct = (id: string | undefined) =>
  useQuery({
    queryKey: adminKeys.one('produtos', id ?? ''),
    queryFn: () => api<AdminProduct>(`/api/admin/produtos/${id}`),
    enabled: Boolean(id),
  });

export const useAdminCoupons = (search: string) =>
  useQuery(listQuery<Page<AdminCoupon>>('cupons', '/api/admin/cupons', search));

export const useEmailLogs = (search: string) =>
  useQuery(
    listQuery<Page<EmailRow> & { templates: string[] }>('email-logs', '/api/admin/email-logs', search),
  );
export const useEmailLog = (id: string | null) =>
  useQuery({
    queryKey: adminKeys.one('email-logs', id ?? ''),
    queryFn: () => api<EmailDetail>(`/api/admin/email-logs/${id}`),
    enabled: Boolean(id),
  });

export const useAuditLog = (search: string) =>
  useQuery(listQuery<Page<AuditRow> & { actions: string[] }>('logs', '/api/admin/logs', search));

export const useSalesReport = (search: string) =>
  useQuery(listQuery<SalesReport>('relatorios', '/api/admin/relatorios', search));

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
    api<AdminUserDetail>(`/api/admin/usuarios/${id}/papel`, { method: 'PUT', body: { tipo_usuario: tipo } }),
  );
export const useSetBlocked = () =>
  useAdminMutation(({ id, blocked }: { id: string; blocked: boolean }) =>
    api<AdminUserDetail>(`/api/admin/usuarios/${id}/${blocked ? 'bloquear' : 'desbloquear'}`, {
      method: 'POST',
    }),
  );
export const useResendConfirmation = () =>
  useAdminMutation((id: string) =>
    api<{ message: string }>(`/api/admin/usuarios/${id}/reenviar-confirmacao`, { method: 'POST' }),
  );

export const useSaveProduct = () =>
  useAdminMutation(({ id, input }: { id?: string | undefined; input: ProductInput }) =>
    api<AdminProduct>(id ? `/api/admin/produtos/${id}` : '/api/admin/produtos', {
      method: id ? 'PUT' : 'POST',
      body: input,
    }),
  );
export const useSetProductStatus = () =>
  useAdminMutation(({ id, status }: { id: string; status: 'ativo' | 'inativo' }) =>
    api<AdminProduct>(`/api/admin/produtos/${id}/status`, { method: 'PUT', body: { status } }),
  );
export const useReorderPhotos = () =>
  useAdminMutation(({ id, order }: { id: string; order: string[] }) =>
    api<AdminProduct>(`/api/admin/produtos/${id}/fotos/ordem`, { method: 'PUT', body: { order } }),
  );
export const useRemovePhoto = () =>
  useAdminMutation(({ id, photoId }: { id: string; photoId: string }) =>
    api<AdminProduct>(`/api/admin/produtos/${id}/fotos/${photoId}`, { method: 'DELETE' }),
  );

/** Sends the file itself as the body; the server reads its real type from the bytes. */
const uploadPhoto = ({ id, file }: { id: string; file: File }) =>
  api<AdminProduct>(
    `/api/admin/produtos/${id}/fotos?alt=${encodeURIComponent(file.name.replace(/\.[^.]+$/, ''))}`,
    { method: 'POST', body: file },
  );
export const useUploadPhoto = () => useAdminMutation(uploadPhoto);

export const useSaveCoupon = () =>
  useAdminMutation(({ id, input }: { id?: string | undefined; input: CouponInput }) =>
    api<AdminCoupon>(id ? `/api/admin/cupons/${id}` : '/api/admin/cupons', {
      method: id ? 'PUT' : 'POST',
      body: input,
    }),
  );

export const useResendEmail = () =>
  useAdminMutation((id: string) =>
    api<EmailDetail>(`/api/admin/email-logs/${id}/reenviar`, { method: 'POST' }),
  );
