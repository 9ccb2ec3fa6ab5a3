import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addDays, blockInputSchema, holdInputSchema, todayInBrasilia } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateBlock, useCreateHold, type CustomerOptionData } from '../api/use-inventory.ts';
import { CustomerPicker } from './customer-picker.tsx';

// The face and the first week come from the calendar cell the form was opened on.
const blockFormSchema = blockInputSchema.omit({ tower_ids: true, start_date: true });
const holdFormSchema = holdInputSchema.omit({ tower_ids: true, start_date: true });

/** Blocks weeks of one face for maintenance: every slot, for the weeks chosen. */
export function BlockForm({ tower, start, onDone }: { tower: string; start: string; onDone: () => void }) {
  const create = useCreateBlock();
  const form = useForm<z.input<typeof blockFormSchema>, unknown, z.output<typeof blockFormSchema>>({
    resolver: zodResolver(blockFormSchema),
    defaultValues: { weeks: '1', reason: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await create.mutateAsync({ ...body, tower_ids: [tower], start_date: start });
      toast.success('Semanas bloqueadas');
      onDone();
    } catch (e) {
      form.setError('root', { message: errorMessage(e, 'Não foi possível bloquear.') });
    }
  });
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field
        label="Semanas a partir desta"
        type="number"
        min={1}
        max={52}
        error={errors.weeks?.message}
        {...form.register('weeks')}
      />
      <Field
        label="Motivo"
        placeholder="Ex.: troca de lâmpadas"
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      {errors.root ? <Alert>{errors.root.message}</Alert> : null}
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
  const form = useForm<z.input<typeof holdFormSchema>, unknown, z.output<typeof holdFormSchema>>({
    resolver: zodResolver(holdFormSchema),
    defaultValues: {
      customer_id: '',
      weeks: '1',
      expires_on: (() => {
        const week = addDays(todayInBrasilia(), 7);
        return week < start ? week : todayInBrasilia();
      })(),
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await create.mutateAsync({ ...body, tower_ids: [tower], start_date: start });
      toast.success('Reserva técnica criada');
      onDone();
    } catch (e) {
      form.setError('root', { message: errorMessage(e, 'Não foi possível reservar.') });
    }
  });
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <CustomerPicker
        value={customer}
        onChange={(picked) => {
          setCustomer(picked);
          form.setValue('customer_id', picked?.id ?? '', { shouldValidate: form.formState.isSubmitted });
        }}
        error={errors.customer_id?.message}
      />
      <Field
        label="Semanas a partir desta"
        type="number"
        min={1}
        max={52}
        error={errors.weeks?.message}
        {...form.register('weeks')}
      />
      <Field
        label="Válida até (libera a vaga no fim do dia)"
        type="date"
        error={errors.expires_on?.message}
        {...form.register('expires_on')}
      />
      {errors.root ? <Alert>{errors.root.message}</Alert> : null}
      <Button type="submit" disabled={create.isPending} className="w-full">
        Criar reserva técnica
      </Button>
    </form>
  );
}
