import { Plus, Trash2 } from '../icons.ts';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  buildPath,
  creativeSpecs,
  formatSpecFormats,
  parseReais,
  paths,
  productInputSchema,
  productTypeLabels,
  productTypes,
  ufNames,
  type ProductType,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import type { AdminProduct } from '@urbana/shared';
import { useSaveProduct, useSetProductStatus } from '../index.ts';
import { useAppConfig } from '../../catalog/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { type TowerForm, type FormState, blank, fromProduct, num, toInput } from './product-form-state.ts';
import { Select, TextArea } from './form-fields.tsx';

const ResultsMap = lazy(() => import('../../../features/catalog/components/results-map.tsx'));

export function ProductForm({ product }: { product?: AdminProduct | undefined }) {
  const navigate = useNavigate();
  const save = useSaveProduct();
  const setStatus = useSetProductStatus();
  const config = useAppConfig();
  const [form, setForm] = useState<FormState>(product ? fromProduct(product) : blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setTower = (index: number, key: keyof TowerForm, value: string) =>
    setForm((f) => ({ ...f, towers: f.towers.map((t, i) => (i === index ? { ...t, [key]: value } : t)) }));

  const lat = num(form.latitude);
  const lng = num(form.longitude);
  const hasPoint =
    Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  const spec = creativeSpecs[form.type];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const parsed = productInputSchema.safeParse(toInput(form));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        next[key] ??=
          key === 'daily_price' && !parseReais(form.price)
            ? 'Informe o preço em reais, por exemplo 150,00.'
            : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: product?.id, input: toInput(form) });
      toast.success(
        product ? 'Produto salvo' : 'Produto criado',
        product ? undefined : 'Agora adicione as fotos.',
      );
      if (!product) navigate(buildPath(paths.admin.produto, { id: saved.id }), { replace: true });
    } catch (e) {
      setServerError(errorMessage(e, 'Não foi possível salvar o produto. Tente novamente.'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
      {serverError ? <Alert>{serverError}</Alert> : null}
      <Card className="grid gap-4 p-4 sm:grid-cols-2">
        <Field
          label="Nome"
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
          className="sm:col-span-2"
        />
        <Select
          label="Tipo de mídia"
          value={form.type}
          onChange={(v) => set('type', v as ProductType)}
          options={productTypes.map((t) => [t, productTypeLabels[t]])}
          error={errors.type}
        />
        <Field
          label="Preço diário (R$)"
          inputMode="decimal"
          placeholder="150,00"
          value={form.price}
          onChange={(e) => set('price', e.target.value)}
          error={errors.daily_price}
        />
        <TextArea
          label="Descrição"
          value={form.description}
          onChange={(v) => set('description', v)}
          error={errors.description}
        />
        <Field
          label="Audiência semanal (impressões)"
          inputMode="numeric"
          value={form.weekly_audience}
          onChange={(e) => set('weekly_audience', e.target.value)}
          error={errors.weekly_audience}
        />
        <Field
          label="Horário de funcionamento"
          value={form.operating_hours}
          onChange={(e) => set('operating_hours', e.target.value)}
          error={errors.operating_hours}
        />
        <Field
          label="Perfil de público"
          value={form.audience_profile}
          onChange={(e) => set('audience_profile', e.target.value)}
          error={errors.audience_profile}
          className="sm:col-span-2"
        />
      </Card>

      <Card className="grid gap-4 p-4 sm:grid-cols-2">
        <h2 className="font-semibold text-slate-900 sm:col-span-2">Endereço e coordenadas</h2>
        <Field
          label="Endereço"
          value={form.address}
          onChange={(e) => set('address', e.target.value)}
          error={errors.address}
          className="sm:col-span-2"
        />
        <Field
          label="Bairro"
          value={form.neighborhood}
          onChange={(e) => set('neighborhood', e.target.value)}
          error={errors.neighborhood}
        />
        <Field
          label="Cidade"
          value={form.city}
          onChange={(e) => set('city', e.target.value)}
          error={errors.city}
        />
        <Select
          label="UF"
          value={form.state}
          onChange={(v) => set('state', v)}
          options={Object.keys(ufNames).map((uf) => [uf, `${uf} — ${ufNames[uf]}`])}
          error={errors.state}
        />
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="Latitude"
            inputMode="decimal"
            placeholder="-15,7939"
            value={form.latitude}
            onChange={(e) => set('latitude', e.target.value)}
            error={errors.latitude}
          />
          <Field
            label="Longitude"
            inputMode="decimal"
            placeholder="-47,8828"
            value={form.longitude}
            onChange={(e) => set('longitude', e.target.value)}
            error={errors.longitude}
          />
        </div>
        <div
          className="h-64 overflow-hidden rounded-lg border border-slate-200 sm:col-span-2"
          aria-label="Prévia do mapa"
        >
          {hasPoint && config.data ? (
            <Suspense fallback={<Spinner label="Carregando mapa..." className="h-full" />}>
              <ResultsMap
                className="h-full"
                single
                points={[
                  {
                    id: product?.id ?? 'novo',
                    slug: product?.slug ?? 'novo',
                    name: form.name || 'Novo produto',
                    latitude: lat,
                    longitude: lng,
                    daily_price: parseReais(form.price) ?? 0,
                  },
                ]}
                center={{ lat, lng }}
                tileUrl={config.data.tile_url}
                attribution={config.data.tile_attribution}
                highlighted={null}
                onHighlight={() => undefined}
                onOpen={() => undefined}
                fitKey={`${lat},${lng}`}
              />
            </Suspense>
          ) : (
            <p className="flex h-full items-center justify-center p-4 text-center text-sm text-slate-600">
              Informe latitude e longitude para ver o local no mapa.
            </p>
          )}
        </div>
      </Card>

      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="font-semibold text-slate-900">{form.is_tower_based ? 'Torres' : 'Face'}</h2>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={form.is_tower_based}
              onChange={(e) =>
                setForm((f) => ({
                  ...f,
                  is_tower_based: e.target.checked,
                  towers: e.target.checked ? f.towers : f.towers.slice(0, 1),
                }))
              }
            />
            Produto com várias torres
          </label>
        </div>
        {errors.towers ? <p className="text-sm font-medium text-red-700">{errors.towers}</p> : null}
        <ul className="space-y-3" aria-label="Torres">
          {form.towers.map((tower, index) => (
            <li
              key={tower.id ?? `nova-${index}`}
              className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-start"
            >
              <Field
                label={`Nome da torre ${index + 1}`}
                value={tower.name}
                onChange={(e) => setTower(index, 'name', e.target.value)}
                error={errors[`towers.${index}.name`]}
              />
              <Field
                label="Telas"
                inputMode="numeric"
                value={tower.screens}
                onChange={(e) => setTower(index, 'screens', e.target.value)}
                error={errors[`towers.${index}.screens`]}
              />
              <Field
                label="Slots"
                inputMode="numeric"
                value={tower.slots}
                onChange={(e) => setTower(index, 'slots', e.target.value)}
                error={errors[`towers.${index}.slots`]}
              />
              <Field
                label="Audiência semanal"
                inputMode="numeric"
                value={tower.weekly_audience}
                onChange={(e) => setTower(index, 'weekly_audience', e.target.value)}
                error={errors[`towers.${index}.weekly_audience`]}
              />
              {form.is_tower_based && form.towers.length > 1 ? (
                <Button
                  variant="ghost"
                  size="icon"
                  className="sm:mt-7"
                  aria-label={`Remover torre ${index + 1}`}
                  onClick={() => setForm((f) => ({ ...f, towers: f.towers.filter((_, i) => i !== index) }))}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        {form.is_tower_based ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              setForm((f) => ({
                ...f,
                towers: [...f.towers, { name: '', screens: '1', weekly_audience: '0', slots: '1' }],
              }))
            }
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Adicionar torre
          </Button>
        ) : null}
      </Card>

      <Card className="p-4 text-sm">
        <h2 className="font-semibold text-slate-900">
          Especificação de criação ({productTypeLabels[form.type]})
        </h2>
        <p className="mt-1 text-slate-600">
          Vale para todos os produtos deste tipo; é a mesma que o envio de anúncios confere.
        </p>
        <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          <div>
            <dt className="text-xs text-slate-500">Resolução</dt>
            <dd>
              {spec.width} × {spec.height} px ({spec.orientation})
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Formatos</dt>
            <dd>{formatSpecFormats(spec.formats)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Tamanho máximo</dt>
            <dd>{spec.maxSizeMb} MB</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Duração do spot</dt>
            <dd>{spec.spotSeconds ? `${spec.spotSeconds} s` : 'Estático'}</dd>
          </div>
        </dl>
      </Card>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Salvando...' : product ? 'Salvar alterações' : 'Criar produto'}
        </Button>
        {product ? (
          <ConfirmDialog
            trigger={
              <Button
                variant={product.status === 'ativo' ? 'danger' : 'secondary'}
                disabled={setStatus.isPending}
              >
                {product.status === 'ativo' ? 'Desativar' : 'Ativar'}
              </Button>
            }
            title={product.status === 'ativo' ? 'Desativar este produto?' : 'Ativar este produto?'}
            tone={product.status === 'ativo' ? 'danger' : 'primary'}
            consequence={
              product.status === 'ativo' ? (
                <p>
                  “{product.name}” sai agora da busca e da página pública, e ninguém consegue mais reservá-lo
                  nem pagar um carrinho que o contenha. Pedidos e veiculações já feitos continuam valendo.
                  Você pode ativá-lo de novo depois.
                </p>
              ) : (
                <p>
                  “{product.name}” volta à busca e à página pública e pode ser reservado de novo pelos
                  clientes.
                </p>
              )
            }
            confirmLabel={product.status === 'ativo' ? 'Desativar produto' : 'Ativar produto'}
            onConfirm={async () => {
              setServerError(null);
              const p = await setStatus.mutateAsync({
                id: product.id,
                status: product.status === 'ativo' ? 'inativo' : 'ativo',
              });
              toast.success(p.status === 'ativo' ? 'Produto ativado' : 'Produto desativado');
            }}
          />
        ) : null}
        <Button asChild variant="ghost">
          <Link to={paths.admin.produtos}>Voltar à lista</Link>
        </Button>
      </div>
    </form>
  );
}
