import { useState, type FormEvent } from 'react';
import { addDays, parseReais, proposalInputSchema, todayInBrasilia } from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass, textareaClass } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminProduct, useAdminProducts } from '../../admin/index.ts';
import { CustomerPicker, type CustomerOptionData } from '../../inventory/index.ts';
import { useCreateProposal, type ProposalData } from '../api/use-proposals.ts';

export interface LineDraft {
  product_id: string;
  tower_ids: string[];
  start_date: string;
  weeks: string;
  price: string;
}

function LineFields({
  line,
  index,
  products,
  onChange,
  onRemove,
  errors,
}: {
  line: LineDraft;
  index: number;
  products: Array<{ id: string; name: string; is_tower_based: boolean }>;
  onChange: (line: LineDraft) => void;
  onRemove: (() => void) | null;
  errors: Record<string, string>;
}) {
  const product = useAdminProduct(line.product_id || undefined);
  const towers = product.data?.is_tower_based ? product.data.towers : [];
  const err = (field: string) => errors[`items.${index}.${field}`];
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Local {index + 1}</legend>
      <div className="space-y-1.5">
        <label htmlFor={`produto-${index}`} className="block text-sm font-medium text-slate-800">
          Produto
        </label>
        <select
          id={`produto-${index}`}
          className={inputClass}
          value={line.product_id}
          onChange={(e) => onChange({ ...line, product_id: e.target.value, tower_ids: [] })}
          aria-invalid={err('product_id') ? true : undefined}
        >
          <option value="">Escolha um produto</option>
          {product.data && !products.some((p) => p.id === product.data.id) ? (
            <option value={product.data.id}>{product.data.name}</option>
          ) : null}
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {err('product_id') ? <p className="text-sm font-medium text-red-700">{err('product_id')}</p> : null}
      </div>
      {towers.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Torres (nenhuma marcada = todas)</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {towers.map((t) => (
              <label key={t.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={line.tower_ids.includes(t.id)}
                  onChange={(e) =>
                    onChange({
                      ...line,
                      tower_ids: e.target.checked
                        ? [...line.tower_ids, t.id]
                        : line.tower_ids.filter((id) => id !== t.id),
                    })
                  }
                />
                {t.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          label="Início"
          type="date"
          value={line.start_date}
          onChange={(e) => onChange({ ...line, start_date: e.target.value })}
          error={err('start_date')}
        />
        <Field
          label="Semanas"
          type="number"
          min={1}
          max={52}
          value={line.weeks}
          onChange={(e) => onChange({ ...line, weeks: e.target.value })}
          error={err('weeks')}
        />
        <Field
          label="Preço negociado (R$)"
          inputMode="decimal"
          placeholder="Tabela"
          value={line.price}
          onChange={(e) => onChange({ ...line, price: e.target.value })}
          error={err('price')}
          hint="Em branco: preço de tabela."
        />
      </div>
      {onRemove ? (
        <Button type="button" variant="secondary" size="sm" onClick={onRemove}>
          Remover local
        </Button>
      ) : null}
    </fieldset>
  );
}

/** Staff build a proposal for a customer: faces, weeks, negotiated prices, a discount, a validity. */
export function ProposalForm({
  initial,
  onCreated,
}: {
  initial: LineDraft;
  onCreated: (proposal: ProposalData) => void;
}) {
  const create = useCreateProposal();
  const products = useAdminProducts('page_size=100&sort=name&dir=asc&status=ativo');
  const [customer, setCustomer] = useState<CustomerOptionData | null>(null);
  const [lines, setLines] = useState<LineDraft[]>([initial]);
  const [validUntil, setValidUntil] = useState(addDays(todayInBrasilia(), 7));
  const [discount, setDiscount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string>();
  const money = (v: string) => (v.trim() ? (parseReais(v) ?? Number.NaN) : null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(undefined);
    const input = {
      customer_id: customer?.id ?? '',
      valid_until: validUntil,
      discount: money(discount) ?? 0,
      note,
      items: lines.map((l) => ({
        product_id: l.product_id,
        tower_ids: l.tower_ids,
        start_date: l.start_date,
        weeks: Number(l.weeks),
        price: money(l.price),
      })),
    };
    const parsed = proposalInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    try {
      onCreated(await create.mutateAsync(input));
    } catch (e) {
      setServerError(errorMessage(e, 'Não foi possível criar a proposta.'));
    }
  };
  const options = (products.data?.items ?? []).map((p) => ({
    id: p.id,
    name: `${p.name} (${p.city} – ${p.state})`,
    is_tower_based: p.is_tower_based,
  }));
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <CustomerPicker value={customer} onChange={setCustomer} error={errors.customer_id} />
      </div>
      {lines.map((line, i) => (
        <LineFields
          key={i}
          line={line}
          index={i}
          products={options}
          errors={errors}
          onChange={(next) => setLines(lines.map((l, j) => (j === i ? next : l)))}
          onRemove={lines.length > 1 ? () => setLines(lines.filter((_, j) => j !== i)) : null}
        />
      ))}
      <Button
        type="button"
        variant="secondary"
        onClick={() => setLines([...lines, { ...initial, product_id: '', tower_ids: [], price: '' }])}
      >
        Adicionar local
      </Button>
      <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <Field
          label="Válida até"
          type="date"
          value={validUntil}
          onChange={(e) => setValidUntil(e.target.value)}
          error={errors.valid_until}
        />
        <Field
          label="Desconto sobre o total (R$)"
          inputMode="decimal"
          placeholder="0,00"
          value={discount}
          onChange={(e) => setDiscount(e.target.value)}
          error={errors.discount}
        />
        <div className="space-y-1.5 sm:col-span-2">
          <label htmlFor="proposta-obs" className="block text-sm font-medium text-slate-800">
            Observação para o cliente
          </label>
          <textarea
            id="proposta-obs"
            rows={3}
            className={textareaClass}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      </div>
      {serverError ? <Alert>{serverError}</Alert> : null}
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
        Criar proposta
      </Button>
    </form>
  );
}
