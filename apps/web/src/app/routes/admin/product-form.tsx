import { ArrowDown, ArrowUp, ImagePlus, Plus, Trash2 } from '../../../features/admin/icons.ts';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
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
  formatAmount,
  type AdminProduct,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog.tsx';
import {
  AdminPage,
  useAdminProduct,
  useRemovePhoto,
  useReorderPhotos,
  useSaveProduct,
  useSetProductStatus,
  useUploadPhoto,
} from '../../../features/admin/index.ts';
import { useAppConfig } from '../../../features/catalog/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

const ResultsMap = lazy(() => import('../../../features/catalog/components/results-map.tsx'));

interface TowerForm {
  id?: string | undefined;
  name: string;
  screens: string;
  weekly_audience: string;
  slots: string;
}

interface FormState {
  name: string;
  description: string;
  type: ProductType;
  address: string;
  neighborhood: string;
  city: string;
  state: string;
  latitude: string;
  longitude: string;
  price: string;
  is_tower_based: boolean;
  weekly_audience: string;
  audience_profile: string;
  operating_hours: string;
  status: 'ativo' | 'inativo';
  towers: TowerForm[];
}

const blank: FormState = {
  name: '',
  description: '',
  type: 'outdoor',
  address: '',
  neighborhood: '',
  city: '',
  state: 'DF',
  latitude: '',
  longitude: '',
  price: '',
  is_tower_based: false,
  weekly_audience: '0',
  audience_profile: '',
  operating_hours: '',
  status: 'ativo',
  towers: [{ name: 'Face principal', screens: '1', weekly_audience: '0', slots: '1' }],
};

function fromProduct(p: AdminProduct): FormState {
  return {
    name: p.name,
    description: p.description,
    type: p.type,
    address: p.address,
    neighborhood: p.neighborhood,
    city: p.city,
    state: p.state,
    latitude: String(p.latitude),
    longitude: String(p.longitude),
    price: formatAmount(p.daily_price),
    is_tower_based: p.is_tower_based,
    weekly_audience: String(p.weekly_audience),
    audience_profile: p.audience_profile,
    operating_hours: p.operating_hours,
    status: p.status,
    towers: p.towers.map((t) => ({
      id: t.id,
      name: t.name,
      screens: String(t.screens),
      weekly_audience: String(t.weekly_audience),
      slots: String(t.slots),
    })),
  };
}

/** Numbers typed in pt-BR ("-15,79" or "-15.79"); NaN when not a number, so the schema says so. */
const num = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));

function toInput(form: FormState) {
  return {
    name: form.name,
    description: form.description,
    type: form.type,
    address: form.address,
    neighborhood: form.neighborhood,
    city: form.city,
    state: form.state,
    latitude: num(form.latitude),
    longitude: num(form.longitude),
    daily_price: parseReais(form.price) ?? Number.NaN,
    is_tower_based: form.is_tower_based,
    weekly_audience: num(form.weekly_audience),
    audience_profile: form.audience_profile,
    operating_hours: form.operating_hours,
    status: form.status,
    towers: form.towers.map((t) => ({
      ...(t.id ? { id: t.id } : {}),
      name: t.name,
      screens: num(t.screens),
      weekly_audience: num(t.weekly_audience),
      slots: num(t.slots),
    })),
  };
}

function Select({
  label,
  value,
  onChange,
  options,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<[string, string]>;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-erro`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TextArea({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5 sm:col-span-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        className={`${inputClass} h-auto py-2`}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}

function Photos({ product }: { product: AdminProduct }) {
  const upload = useUploadPhoto();
  const reorder = useReorderPhotos();
  const remove = useRemovePhoto();
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const ids = product.photos.map((p) => p.id);
  const move = (index: number, by: number) => {
    const next = [...ids];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    reorder.mutate(
      { id: product.id, order: next },
      { onError: (e) => setError(errorMessage(e, 'Não foi possível reordenar.')) },
    );
  };
  return (
    <Card className="space-y-3 p-4">
      <h2 className="font-semibold text-slate-900">Fotos</h2>
      <p className="text-sm text-slate-600">
        JPG, PNG ou WebP, até 10 MB, no mínimo 400 × 300 pixels. A primeira é a capa.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      {product.photos.length === 0 ? <p className="text-sm text-slate-600">Nenhuma foto ainda.</p> : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Fotos do produto">
        {product.photos.map((photo, index) => (
          <li key={photo.id} className="space-y-1">
            <img
              src={photo.thumb_url}
              alt={photo.alt}
              className="aspect-[3/2] w-full rounded-lg object-cover"
            />
            <div className="flex items-center justify-between gap-1">
              <span className="text-xs text-slate-600">{index === 0 ? 'Capa' : `Foto ${index + 1}`}</span>
              <div className="flex">
                <Button
                  variant="ghost"
                  size="icon"
                  className="h-8 w-8"
                  aria-label={`Mover foto ${index + 1} para antes`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="h-8 w-8"
                  aria-label={`Mover foto ${index + 1} para depois`}
                  disabled={index === ids.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden="true" />
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button
                      variant="ghost"
                      size="icon"
                      className="h-8 w-8"
                      aria-label={`Remover foto ${index + 1}`}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  }
                  title={`Remover a ${index === 0 ? 'capa' : `foto ${index + 1}`}?`}
                  tone="danger"
                  consequence={
                    <div className="space-y-2">
                      <img
                        src={photo.thumb_url}
                        alt=""
                        className="aspect-[3/2] w-40 rounded-lg object-cover"
                      />
                      <p>
                        A foto sai agora da página pública de “{product.name}” e não pode ser recuperada; para
                        tê-la de volta é preciso enviá-la de novo.
                        {index === 0 && ids.length > 1 ? ' A foto 2 passa a ser a capa.' : null}
                        {ids.length === 1 ? ' O local fica sem nenhuma foto.' : null}
                      </p>
                    </div>
                  }
                  confirmLabel="Remover foto"
                  onConfirm={async () => {
                    setError(null);
                    await remove.mutateAsync({ id: product.id, photoId: photo.id });
                    toast.success('Foto removida');
                  }}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div>
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600"
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          {upload.isPending ? 'Enviando foto...' : 'Adicionar foto'}
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            disabled={upload.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setError(null);
              upload.mutate(
                { id: product.id, file },
                {
                  onSuccess: () => toast.success('Foto enviada'),
                  onError: (err) => setError(errorMessage(err, 'Não foi possível enviar a foto.')),
                },
              );
            }}
          />
        </label>
      </div>
    </Card>
  );
}

function ProductForm({ product }: { product?: AdminProduct | undefined }) {
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

export function Component() {
  const { id } = useParams();
  const editing = id && id !== 'novo' ? id : undefined;
  const product = useAdminProduct(editing);
  if (!editing) {
    return (
      <AdminPage title="Novo produto" description="Depois de criar, adicione as fotos.">
        <ProductForm />
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={product.data ? product.data.name : 'Produto'}
      description={
        product.data
          ? `${product.data.status === 'ativo' ? 'Ativo' : 'Inativo'} · /locais/${product.data.slug}`
          : undefined
      }
      actions={
        product.data?.status === 'ativo' ? (
          <>
            <Button asChild variant="secondary">
              <Link to={`${paths.admin.inventario}?produto=${product.data.id}`}>Ver no inventário</Link>
            </Button>
            <Button asChild>
              <Link to={`${paths.admin.propostaNova}?produto=${product.data.id}`}>Criar proposta</Link>
            </Button>
          </>
        ) : undefined
      }
    >
      {product.isPending ? (
        <Spinner label="Carregando produto..." />
      ) : product.isError ? (
        <Alert>{product.error.message}</Alert>
      ) : (
        <div className="space-y-5">
          <Photos product={product.data} />
          {/* A saved product (new updated_at) starts the form again from what the server kept. */}
          <ProductForm key={product.data.updated_at} product={product.data} />
        </div>
      )}
    </AdminPage>
  );
}
