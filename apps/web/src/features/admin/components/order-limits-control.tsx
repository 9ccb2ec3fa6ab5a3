import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { call } from '../../../lib/endpoint-call.ts';
import { toast } from '../../../lib/toast.ts';
import { adminEndpoints } from '../../../lib/endpoints/admin.ts';

const limitsKey = (id: string) => ['admin', 'usuario', id, 'limites-pedido'];

/**
 * What a customer holds unpaid against the limits, and the staff switch that lifts them for this
 * customer (issue 22, item 1; docs/decisions/026-abuse-and-edge-cases.md). Stored and audited.
 */
export function OrderLimitsControl({ userId }: { userId: string }) {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: limitsKey(userId),
    queryFn: () => call(adminEndpoints.users.orderLimits, { params: { id: userId } }),
  });
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (liberado: boolean) =>
      call(adminEndpoints.users.setOrderLimits, { params: { id: userId }, body: { liberado } }),
    onSuccess: (data) => client.setQueryData(limitsKey(userId), data),
  });
  if (status.isPending) return null;
  if (status.isError) return <Alert>{status.error.message}</Alert>;
  const s = status.data;
  const toggle = async () => {
    setError(null);
    try {
      await change.mutateAsync(!s.lifted);
      toast.success(s.lifted ? 'Limites de pedidos aplicados de novo' : 'Limites de pedidos liberados');
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível concluir. Tente novamente.'));
    }
  };
  return (
    <section aria-labelledby={`limites-${userId}`} className="rounded-lg border border-slate-200 p-3">
      <h3 id={`limites-${userId}`} className="font-semibold text-slate-900">
        Pedidos sem pagamento
      </h3>
      <p className="mt-1 text-slate-700">
        {s.unpaid_orders} de {s.limits.unpaid_orders} pedidos aguardando pagamento · {s.unpaid_face_weeks} de{' '}
        {s.limits.unpaid_face_weeks} faces × semanas
      </p>
      <p className="mt-1 text-slate-600">
        {s.lifted
          ? 'Limites liberados pela equipe para este cliente.'
          : `Limites valendo (também ${s.limits.unpaid_orders_per_ip} pedidos por rede e ${s.limits.orders_per_window} pedidos a cada ${s.limits.window_minutes} minutos).`}
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <Button
        variant={s.lifted ? 'secondary' : 'primary'}
        size="sm"
        className="mt-2"
        disabled={change.isPending}
        aria-pressed={s.lifted}
        onClick={() => void toggle()}
      >
        {s.lifted ? 'Voltar a aplicar os limites' : 'Liberar limites para este cliente'}
      </Button>
    </section>
  );
}
