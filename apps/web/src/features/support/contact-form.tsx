import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  createTicketSchema,
  ticketCategories,
  ticketCategoryLabels,
  type Profile,
  type TicketCategory,
  type Ticket,
} from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, SelectField, TextareaField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useOpenTicket } from './api.ts';

// A visitor must give name and e-mail (the server says the same); a signed-in user's come from the account,
// so their schema has no name or e-mail at all: a check on fields that are not on screen would stop the
// submit with no message anyone can see (issue #16 item 1).
const userSchema = createTicketSchema.omit({ name: true, email: true });
const visitorSchema = createTicketSchema.superRefine((v, ctx) => {
  if (!v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Informe seu nome.' });
  if (!v.email)
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'Informe seu email para receber a resposta.' });
});

const categoryOptions = [
  ['', 'Escolha'],
  ...ticketCategories.map((c) => [c, ticketCategoryLabels[c]] as const),
] as const;

interface FormValues {
  name?: string;
  email?: string;
  category: TicketCategory | '';
  subject: string;
  message: string;
}

/** The contact form of /suporte: opens a ticket and shows its code. */
export function ContactForm({ user, onOpened }: { user: Profile | null; onOpened?(ticket: Ticket): void }) {
  const id = useId();
  const open = useOpenTicket();
  const [opened, setOpened] = useState<Ticket | null>(null);
  const form = useForm<FormValues, unknown, z.output<typeof createTicketSchema>>({
    resolver: zodResolver((user ? userSchema : visitorSchema) as typeof createTicketSchema) as never,
    defaultValues: { name: '', email: '', category: '', subject: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const body = user
        ? { category: values.category, subject: values.subject, message: values.message }
        : values;
      const ticket = await open.mutateAsync(body);
      setOpened(ticket);
      form.reset();
      onOpened?.(ticket);
    } catch (e) {
      form.setError('root', { message: errorMessage(e, 'Não foi possível enviar. Tente novamente.') });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Fale com a gente">
      {opened ? (
        <div className="sm:col-span-2">
          <Alert tone="success">
            Recebemos sua mensagem: atendimento <strong>{opened.code}</strong>. Enviamos a confirmação para{' '}
            {opened.email} e respondemos em até 1 dia útil.
          </Alert>
        </div>
      ) : null}
      {user ? (
        <p className="text-sm text-slate-600 sm:col-span-2">
          Respondemos para <strong>{user.email}</strong> e aqui em Meus atendimentos.
        </p>
      ) : (
        <>
          <Field label="Nome" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
        </>
      )}
      <SelectField
        id={`${id}-assunto-tipo`}
        label="Sobre o quê?"
        error={errors.category?.message}
        options={categoryOptions}
        {...form.register('category')}
      />
      <Field label="Assunto" error={errors.subject?.message} {...form.register('subject')} />
      <TextareaField
        id={`${id}-mensagem`}
        label="Mensagem"
        className="sm:col-span-2"
        rows={5}
        error={errors.message?.message}
        {...form.register('message')}
      />
      {errors.root ? (
        <div className="sm:col-span-2">
          <Alert>{errors.root.message}</Alert>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Enviando...' : 'Enviar mensagem'}
        </Button>
      </div>
    </form>
  );
}
