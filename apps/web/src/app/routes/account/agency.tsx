import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  agencyBodySchema,
  agencyRoleLabels,
  formatDate,
  formatDocument,
  maskDocument,
  type AgencyBody,
} from '@urbana/shared';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  useAddMember,
  useAdvertisers,
  useMyAgency,
  useRegisterAgency,
  type MyAgency,
} from '../../../features/agencies/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { AdvertiserForm } from './advertiser-form.tsx';

/** /usuario/agencia: the agency, its people and its advertisers (issue #44 items 1 and 2). */
export function Component() {
  const mine = useMyAgency();
  if (mine.isPending) return <Spinner label="Carregando a agência" className="py-16" />;
  if (mine.isError) return <Alert>{mine.error.message}</Alert>;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Minha agência</h1>
        <p className="mt-1 text-sm text-slate-600">
          Uma agência compra para os seus anunciantes: cada pedido, PI e fatura sai no CNPJ do anunciante.
        </p>
      </div>
      {mine.data.agency ? <AgencyArea mine={mine.data} /> : <RegisterAgency />}
    </div>
  );
}

function RegisterAgency() {
  const register = useRegisterAgency();
  const form = useForm<AgencyBody, unknown, z.output<typeof agencyBodySchema>>({
    resolver: zodResolver(agencyBodySchema),
    defaultValues: { name: '', document: '', cenp_certificate: '', cenp_valid_until: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await register.mutateAsync(values);
      toast.success('Agência cadastrada', 'A equipe Urbana confere o certificado do CENP.');
    } catch (e) {
      toast.error('Não foi possível cadastrar', errorMessage(e, 'Tente de novo.'));
    }
  });
  return (
    <Card className="max-w-2xl">
      <h2 className="text-lg font-semibold text-slate-900">Cadastrar agência</h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Agência">
        <Field
          className="sm:col-span-2"
          label="Razão social da agência"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Field
          label="CNPJ da agência"
          inputMode="text"
          autoCapitalize="characters"
          error={errors.document?.message}
          {...form.register('document', {
            onChange: (e: { target: { value: string } }) =>
              form.setValue('document', maskDocument(e.target.value, 'pj')),
          })}
        />
        <Field
          label="Certificado do CENP (opcional)"
          error={errors.cenp_certificate?.message}
          {...form.register('cenp_certificate')}
        />
        <Field
          label="Validade do certificado"
          type="date"
          hint="Com o certificado válido e confirmado, seus pedidos recebem o desconto-padrão."
          error={errors.cenp_valid_until?.message}
          {...form.register('cenp_valid_until')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            Cadastrar agência
          </Button>
        </div>
      </form>
    </Card>
  );
}

function AgencyArea({ mine }: { mine: MyAgency }) {
  const a = mine.agency!;
  return (
    <>
      <Card className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">{a.name}</h2>
        <p className="text-sm text-slate-700">CNPJ {formatDocument(a.document)}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {a.cenp_certificate ? `Certificado do CENP ${a.cenp_certificate}` : 'Sem certificado do CENP'}
          {a.cenp_valid_until ? ` · válido até ${formatDate(a.cenp_valid_until)}` : ''}
          {a.confirmed_at ? (
            <Badge tone="green">Confirmado pela equipe</Badge>
          ) : a.cenp_certificate ? (
            <Badge tone="amber">Aguardando confirmação da equipe</Badge>
          ) : null}
        </p>
        <p className="text-sm text-slate-700" data-testid="comissao-hoje">
          {mine.commission_today
            ? `Pedidos feitos hoje recebem o desconto-padrão de ${mine.commission_percent}%.`
            : 'Pedidos feitos hoje não recebem o desconto-padrão (certificado não confirmado ou vencido).'}
        </p>
      </Card>
      <Advertisers />
      <People mine={mine} />
    </>
  );
}

function Advertisers() {
  const list = useAdvertisers(true);
  const [adding, setAdding] = useState(false);
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Anunciantes</h2>
        {!adding ? <Button onClick={() => setAdding(true)}>Novo anunciante</Button> : null}
      </div>
      {adding ? (
        <div className="space-y-3 rounded-lg border border-slate-200 p-4">
          <AdvertiserForm onDone={() => setAdding(false)} />
          <Button variant="secondary" onClick={() => setAdding(false)}>
            Fechar
          </Button>
        </div>
      ) : null}
      {list.isPending ? <Spinner label="Carregando anunciantes" /> : null}
      {list.data && list.data.items.length === 0 ? (
        <p className="text-sm text-slate-700">Nenhum anunciante ainda.</p>
      ) : null}
      <ul className="divide-y divide-slate-100" aria-label="Anunciantes da agência">
        {(list.data?.items ?? []).map((adv) => (
          <li key={adv.id} className="flex flex-wrap justify-between gap-2 py-3">
            <span className="font-medium text-slate-900">{adv.name}</span>
            <span className="text-sm text-slate-600">
              CNPJ {formatDocument(adv.document)} · {adv.city} – {adv.state}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function People({ mine }: { mine: MyAgency }) {
  const add = useAddMember();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await add.mutateAsync(email);
      toast.success('Pessoa incluída na agência', email);
      setEmail('');
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível incluir a pessoa.'));
    }
  };
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Pessoas da agência</h2>
      <ul className="divide-y divide-slate-100" aria-label="Pessoas da agência">
        {mine.members.map((m) => (
          <li key={m.user_id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
            <span className="font-medium text-slate-900">{m.name || m.email}</span>
            <span className="text-slate-600">
              {m.email} · {agencyRoleLabels[m.role]}
            </span>
          </li>
        ))}
      </ul>
      {mine.role === 'responsavel' ? (
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Field
            className="flex-1"
            label="Convidar pelo e-mail da conta Urbana"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
          />
          <Button type="submit" disabled={add.isPending || !email}>
            Incluir na agência
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
