import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ticketReplySchema } from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextareaField } from '../../components/ui/field.tsx';
import { useLeaveGuard } from '../../components/ui/leave-guard.tsx';
import { errorMessage } from '../../lib/api-client.ts';

/** The answer box under a ticket's conversation (customer or staff). */
export function ReplyForm({
  label,
  submitLabel,
  onSend,
}: {
  label: string;
  submitLabel: string;
  onSend(message: string): Promise<unknown>;
}) {
  const form = useForm<{ message: string }>({
    resolver: zodResolver(ticketReplySchema),
    defaultValues: { message: '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  // A half-written answer is not lost to a click elsewhere or a reload.
  const leave = useLeaveGuard(isDirty);
  const onSubmit = form.handleSubmit(async ({ message }) => {
    try {
      await onSend(message);
      form.reset({ message: '' });
    } catch (e) {
      form.setError('root', { message: errorMessage(e, 'Não foi possível enviar. Tente novamente.') });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" aria-label={label}>
      {leave.dialog}
      <TextareaField label={label} error={errors.message?.message} {...form.register('message')} />
      {errors.root ? <Alert>{errors.root.message}</Alert> : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Enviando...' : submitLabel}
      </Button>
    </form>
  );
}
