import { Plus } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import {
  couponFormSchema,
  couponFreeOrdersWarning,
  couponStateLabels,
  couponStateOf,
  type CouponState,
  formatCount,
  formatDate,
  formatInteger,
  formatMoney,
  formatAmount,
  parseReais,
  toDateTimeInput,
  type AdminCoupon,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import {
  AdminPage,
  Dialog,
  DialogContent,
  Badge,
  FilterSelect,
  Pagination,
  QueryState,
  SearchBox,
  SortHeader,
  Table,
  Th,
  Toolbar,
  useAdminCoupons,
  useListParams,
  useSaveCoupon,
} from '../../../features/admin/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

const stateTones: Record<CouponState, 'slate' | 'green' | 'red' | 'amber' | 'blue'> = {
  ativo: 'green',
  agendado: 'blue',
  inativo: 'slate',
  esgotado: 'amber',
  expirado: 'red',
};

/** A coupon's real state (shared `couponStateOf`): expired, used up, off, scheduled or active. */
function CouponStateBadge({ state }: { state: CouponState }) {
  return (
    <span data-coupon-state={state}>
      <Badge tone={stateTones[state]}>{couponStateLabels[state]}</Badge>
    </span>
  );
}

const kindOptions = [
  ['percentual', 'Percentual (%)'],
  ['valor', 'Valor fixo (R$)'],
] as const;

const describe = (c: AdminCoupon) => (c.kind === 'percentual' ? `${c.value}%` : formatMoney(c.value));

/** The form's fields for a coupon being edited (or empty for a new one), as the person reads them. */
function couponFormValues(coupon: AdminCoupon | null): z.input<typeof couponFormSchema> {
  return {
    code: coupon?.code ?? '',
    kind: coupon?.kind ?? 'percentual',
    value: coupon ? (coupon.kind === 'percentual' ? String(coupon.value) : formatAmount(coupon.value)) : '',
    starts_at: toDateTimeInput(coupon?.starts_at ?? null),
    ends_at: toDateTimeInput(coupon?.ends_at ?? null),
    min_order: coupon ? formatAmount(coupon.min_order) : '',
    max_uses: coupon?.max_uses ? String(coupon.max_uses) : '',
    max_uses_per_user: coupon?.max_uses_per_user ? String(coupon.max_uses_per_user) : '',
    first_purchase_only: coupon?.first_purchase_only ?? false,
    active: coupon?.active ?? true,
  };
}

type CouponFormControl = Control<
  z.input<typeof couponFormSchema>,
  unknown,
  z.output<typeof couponFormSchema>
>;

/** Under the discount and minimum: a fixed discount above the minimum order makes orders free. */
function FreeOrdersWarning({ control }: { control: CouponFormControl }) {
  const [kind, value, minOrder] = useWatch({ control, name: ['kind', 'value', 'min_order'] });
  const warning = couponFreeOrdersWarning(kind, parseReais(value), parseReais(minOrder));
  return warning ? (
    <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2" role="status">
      {warning}
    </p>
  ) : null;
}

function CouponForm({ coupon, onDone }: { coupon: AdminCoupon | null; onDone: () => void }) {
  const save = useSaveCoupon();
  const form = useForm<z.input<typeof couponFormSchema>, unknown, z.output<typeof couponFormSchema>>({
    resolver: zodResolver(couponFormSchema),
    defaultValues: couponFormValues(coupon),
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: coupon?.id, input });
      toast.success(coupon ? 'Cupom salvo' : 'Cupom criado');
      onDone();
    } catch (e) {
      form.setError('root', { message: errorMessage(e, 'Não foi possível salvar o cupom.') });
    }
  });
  const code = form.register('code');

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      {errors.root ? (
        <div className="sm:col-span-2">
          <Alert>{errors.root.message}</Alert>
        </div>
      ) : null}
      <Field
        label="Código"
        autoCapitalize="characters"
        error={errors.code?.message}
        {...code}
        onChange={(e) => {
          e.target.value = e.target.value.toUpperCase();
          return code.onChange(e);
        }}
      />
      <SelectField label="Tipo de desconto" options={kindOptions} {...form.register('kind')} />
      <Field
        label={kind === 'percentual' ? 'Desconto (%)' : 'Desconto (R$)'}
        inputMode="decimal"
        error={errors.value?.message}
        {...form.register('value')}
      />
      <Field
        label="Pedido mínimo (R$)"
        inputMode="decimal"
        placeholder="0,00"
        error={errors.min_order?.message}
        {...form.register('min_order')}
      />
      <FreeOrdersWarning control={form.control} />
      <Field
        label="Início (opcional)"
        type="datetime-local"
        error={errors.starts_at?.message}
        {...form.register('starts_at')}
      />
      <Field
        label="Fim (opcional)"
        type="datetime-local"
        error={errors.ends_at?.message}
        {...form.register('ends_at')}
      />
      <Field
        label="Limite total de usos"
        inputMode="numeric"
        placeholder="Sem limite"
        error={errors.max_uses?.message}
        {...form.register('max_uses')}
      />
      <Field
        label="Limite por cliente"
        inputMode="numeric"
        placeholder="Sem limite"
        error={errors.max_uses_per_user?.message}
        {...form.register('max_uses_per_user')}
      />
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="h-4 w-4" {...form.register('first_purchase_only')} />
        Só na primeira compra
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="h-4 w-4" {...form.register('active')} />
        Ativo
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Salvando...' : coupon ? 'Salvar cupom' : 'Criar cupom'}
        </Button>
      </div>
    </form>
  );
}

/** The list's filter: every state a coupon can be in (couponStateOf), as its badge says it. */
const statusOptions: ReadonlyArray<readonly [string, string]> = [
  ['', 'Todos'],
  ...(['ativo', 'agendado', 'esgotado', 'expirado', 'inativo'] as const).map(
    (state) => [state, couponStateLabels[state]] as const,
  ),
];

export function Component() {
  const list = useListParams({ sort: 'created_at', dir: 'desc', page: '1', page_size: '20' });
  const coupons = useAdminCoupons(list.search);
  const [editing, setEditing] = useState<AdminCoupon | 'novo' | null>(null);
  return (
    <AdminPage
      title="Cupons"
      description="Descontos por código, com validade, limites e o que cada um rendeu."
      actions={
        <Button onClick={() => setEditing('novo')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Novo cupom
        </Button>
      }
    >
      <Toolbar>
        <SearchBox list={list} label="Buscar por código" />
        <FilterSelect
          label="Status"
          value={list.get('status')}
          onChange={(e) => list.set({ status: e.target.value })}
          options={statusOptions}
        />
      </Toolbar>
      <QueryState
        query={coupons}
        loading="Carregando cupons..."
        empty="Nenhum cupom encontrado."
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <>
            <Table
              label="Cupons"
              head={
                <>
                  <SortHeader list={list} column="code">
                    Código
                  </SortHeader>
                  <Th>Desconto</Th>
                  <Th>Validade</Th>
                  <Th>Regras</Th>
                  <SortHeader list={list} column="uses">
                    Usos
                  </SortHeader>
                  <Th>Receita</Th>
                  <Th>Status</Th>
                </>
              }
            >
              {data.items.map((c) => (
                <tr key={c.id}>
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      className="whitespace-nowrap text-left font-mono font-semibold text-brand-700 hover:underline"
                      onClick={() => setEditing(c)}
                    >
                      {c.code}
                    </button>
                  </td>
                  <td className="px-3 py-2">{describe(c)}</td>
                  <td className="px-3 py-2">
                    {c.starts_at || c.ends_at
                      ? `${c.starts_at ? formatDate(c.starts_at) : '…'} a ${c.ends_at ? formatDate(c.ends_at) : '…'}`
                      : 'Sem prazo'}
                  </td>
                  <td className="px-3 py-2 text-xs text-slate-600">
                    {[
                      c.min_order ? `mínimo ${formatMoney(c.min_order)}` : null,
                      c.max_uses ? `até ${formatCount(c.max_uses, 'uso', 'usos')}` : null,
                      c.max_uses_per_user ? `${c.max_uses_per_user} por cliente` : null,
                      c.first_purchase_only ? '1ª compra' : null,
                    ]
                      .filter(Boolean)
                      .join(' · ') || '—'}
                  </td>
                  <td className="px-3 py-2" data-testid={`usos-${c.code}`}>
                    {formatInteger(c.uses)}
                    {c.max_uses ? ` / ${formatInteger(c.max_uses)}` : ''}
                    <span className="block text-xs text-slate-600">
                      {formatCount(c.paid_uses, 'pago', 'pagos')}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    {formatMoney(c.revenue)}
                    <span className="block text-xs text-slate-600">
                      desconto {formatMoney(c.discount_given)}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <CouponStateBadge state={couponStateOf(c, new Date())} />
                  </td>
                </tr>
              ))}
            </Table>
            <Pagination list={list} total={data.total} pageSize={data.page_size} />
          </>
        )}
      </QueryState>
      {editing ? (
        <Dialog open onOpenChange={(open) => (open ? null : setEditing(null))}>
          <DialogContent
            title={editing === 'novo' ? 'Novo cupom' : `Cupom ${editing.code}`}
            className="max-w-2xl"
          >
            <CouponForm coupon={editing === 'novo' ? null : editing} onDone={() => setEditing(null)} />
          </DialogContent>
        </Dialog>
      ) : null}
    </AdminPage>
  );
}
