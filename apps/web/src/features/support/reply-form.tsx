import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ticketReplySchema } from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { textareaClass } from '../../components/ui/field.tsx';
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
  const id = useId();
  const form = useForm<{ message: string }>({
    resolver: zodResolver(ticketReplySchema),
    defaultValues: { message: '' },
  });
  const { errors, isSubmitting } = form.formState;
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
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        className={textareaClass}
        aria-invalid={errors.message ? true : undefined}
        aria-describedby={errors.message ? `${id}-erro` : undefined}
        {...form.register('message')}
      />
      {errors.message ? (
        <p id={`${id}-erro`} className="text-sm font-medium text-red-700">
          {errors.message.message}
        </p>
      ) : null}
      {errors.root ? <Alert>{errors.root.message}</Alert> : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Enviando...' : submitLabel}
      </Button>
    </form>
  );
}
