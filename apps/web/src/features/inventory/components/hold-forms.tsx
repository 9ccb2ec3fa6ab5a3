import { useState, type FormEvent } from 'react';
import { addDays, blockInputSchema, holdInputSchema, todayInBrasilia } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateBlock, useCreateHold, type CustomerOptionData } from '../api/use-inventory.ts';
import { CustomerPicker } from './customer-picker.tsx';

const issuesOf = (error: { issues: Array<{ path: PropertyKey[]; message: string }> }) => {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
};

/** Blocks weeks of one face for maintenance: every slot, for the weeks chosen. */
export function BlockForm({ tower, start, onDone }: { tower: string; start: string; onDone: () => void }) {
  const create = useCreateBlock();
  const [weeks, setWeeks] = useState('1');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { tower_ids: [tower], start_date: start, weeks: Number(weeks), reason };
    const parsed = blockInputSchema.safeParse(input);
    if (!parsed.success) return setErrors(issuesOf(parsed.error));
    setErrors({});
    try {
      await create.mutateAsync(parsed.data);
      toast.success('Semanas bloqueadas');
      onDone();
    } catch (e) {
      setServerError(errorMessage(e, 'Não foi possível bloquear.'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate>
      <Field
        label="Semanas a partir desta"
        type="number"
        min={1}
        max={52}
        value={weeks}
        onChange={(e) => setWeeks(e.target.value)}
        error={errors.weeks}
      />
      <Field
        label="Motivo"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason}
        placeholder="Ex.: troca de lâmpadas"
      />
      {serverError ? <Alert>{serverError}</Alert> : null}
      <Button type="submit" disabled={create.isPending} className="w-full">
        Bloquear semanas
      </Button>
    </form>
  );
}

/** A reserva técnica: one slot of the face for a customer until the validity date. */
export function HoldForm({ tower, start, onDone }: { tower: string; start: string; onDone: () => void }) {
  const create = useCreateHold();
  const [customer, setCustomer] = useState<CustomerOptionData | null>(null);
  const [weeks, setWeeks] = useState('1');
  const [expires, setExpires] = useState(() => {
    const week = addDays(todayInBrasilia(), 7);
    return week < start ? week : todayInBrasilia();
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      customer_id: customer?.id ?? '',
      tower_ids: [tower],
      start_date: start,
      weeks: Number(weeks),
      expires_on: expires,
    };
    const parsed = holdInputSchema.safeParse(input);
    if (!parsed.success) return setErrors(issuesOf(parsed.error));
    setErrors({});
    try {
      await create.mutateAsync(parsed.data);
      toast.success('Reserva técnica criada');
      onDone();
    } catch (e) {
      setServerError(errorMessage(e, 'Não foi possível reservar.'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate>
      <CustomerPicker value={customer} onChange={setCustomer} error={errors.customer_id} />
      <Field
        label="Semanas a partir desta"
        type="number"
        min={1}
        max={52}
        value={weeks}
        onChange={(e) => setWeeks(e.target.value)}
        error={errors.weeks}
      />
      <Field
        label="Válida até (libera a vaga no fim do dia)"
        type="date"
        value={expires}
        onChange={(e) => setExpires(e.target.value)}
        error={errors.expires_on}
      />
      {serverError ? <Alert>{serverError}</Alert> : null}
      <Button type="submit" disabled={create.isPending} className="w-full">
        Criar reserva técnica
      </Button>
    </form>
  );
}
