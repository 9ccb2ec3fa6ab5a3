import { Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import type { z } from 'zod';
import {
  creativeSpecs,
  formatSpecFormats,
  parseDecimal,
  parseReais,
  productTypeLabels,
  ufNames,
  type AdminProduct,
  type ProductFormValues,
  type productFormSchema,
} from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, SelectField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAppConfig } from '../../catalog/index.ts';
import { newTower } from './product-form-state.ts';

const ResultsMap = lazy(() => import('../../../features/catalog/components/results-map.tsx'));

type FormControl = Control<ProductFormValues, unknown, z.output<typeof productFormSchema>>;
interface PartProps {
  control: FormControl;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}

const ufOptions = [
  ['', 'Escolha a UF'] as const,
  ...Object.keys(ufNames).map((uf) => [uf, `${uf} — ${ufNames[uf]}`] as const),
];

/** Address, coordinates and a map of the point as soon as both coordinates read as numbers. */
export function LocationCard({
  control,
  register,
  errors,
  product,
}: PartProps & { product?: AdminProduct | undefined }) {
  const config = useAppConfig();
  const [name, price, latitude, longitude] = useWatch({
    control,
    name: ['name', 'daily_price', 'latitude', 'longitude'],
  });
  const lat = parseDecimal(latitude);
  const lng = parseDecimal(longitude);
  const hasPoint =
    Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return (
    <Card className="grid gap-4 p-4 sm:grid-cols-2">
      <h2 className="font-semibold text-slate-900 sm:col-span-2">Endereço e coordenadas</h2>
      <Field
        label="Endereço"
        error={errors.address?.message}
        className="sm:col-span-2"
        {...register('address')}
      />
      <Field label="Bairro" error={errors.neighborhood?.message} {...register('neighborhood')} />
      <Field label="Cidade" error={errors.city?.message} {...register('city')} />
      <SelectField label="UF" options={ufOptions} error={errors.state?.message} {...register('state')} />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Latitude"
          inputMode="decimal"
          placeholder="-15,7939"
          error={errors.latitude?.message}
          {...register('latitude')}
        />
        <Field
          label="Longitude"
          inputMode="decimal"
          placeholder="-47,8828"
          error={errors.longitude?.message}
          {...register('longitude')}
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
                  name: name || 'Novo produto',
                  latitude: lat,
                  longitude: lng,
                  daily_price: parseReais(price) ?? 0,
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
  );
}

/** One face, or the towers of a tower-based product (each with its screens, slots and audience). */
export function TowersCard({ control, register, errors }: PartProps) {
  const towers = useFieldArray({ control, name: 'towers', keyName: 'key' });
  const towerBased = useWatch({ control, name: 'is_tower_based' });
  const towersError = errors.towers?.root?.message ?? errors.towers?.message;
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-semibold text-slate-900">{towerBased ? 'Torres' : 'Face'}</h2>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-4 w-4"
            {...register('is_tower_based', {
              // Without towers a product has exactly one face: the first one stays.
              onChange: (e: { target: { checked: boolean } }) => {
                if (!e.target.checked && towers.fields.length > 1) {
                  towers.remove(towers.fields.map((_, i) => i).slice(1));
                }
              },
            })}
          />
          Produto com várias torres
        </label>
      </div>
      {towersError ? <p className="text-sm font-medium text-red-700">{towersError}</p> : null}
      <ul className="space-y-3" aria-label="Torres">
        {towers.fields.map((tower, index) => {
          return (
            <li
              key={tower.key}
              className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-start"
            >
              <TowerFields index={index} towerBased={towerBased} register={register} errors={errors} />
              {towerBased && towers.fields.length > 1 ? (
                <Button
                  variant="ghost"
                  size="icon"
                  className="sm:mt-7"
                  aria-label={`Remover torre ${index + 1}`}
                  onClick={() => towers.remove(index)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {towerBased ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => towers.append(newTower(), { shouldFocus: false })}
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> Adicionar torre
        </Button>
      ) : null}
    </Card>
  );
}

/** The creative specification of the chosen type, the same the ad upload checks. */
export function SpecCard({ control }: { control: FormControl }) {
  const type = useWatch({ control, name: 'type' });
  const spec = creativeSpecs[type];
  return (
    <Card className="p-4 text-sm">
      <h2 className="font-semibold text-slate-900">Especificação de criação ({productTypeLabels[type]})</h2>
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
  );
}

/** A tower's name, screens, slots and weekly audience, each with its message. */
function TowerFields({
  index,
  towerBased,
  register,
  errors,
}: Pick<PartProps, 'register' | 'errors'> & { index: number; towerBased: boolean }) {
  const error = errors.towers?.[index];
  return (
    <>
      <Field
        label={towerBased ? `Nome da torre ${index + 1}` : 'Nome da face'}
        error={error?.name?.message}
        {...register(`towers.${index}.name`)}
      />
      <Field
        label="Telas"
        inputMode="numeric"
        error={error?.screens?.message}
        {...register(`towers.${index}.screens`)}
      />
      <Field
        label="Slots"
        inputMode="numeric"
        error={error?.slots?.message}
        {...register(`towers.${index}.slots`)}
      />
      <Field
        label="Audiência semanal"
        inputMode="numeric"
        error={error?.weekly_audience?.message}
        {...register(`towers.${index}.weekly_audience`)}
      />
    </>
  );
}
