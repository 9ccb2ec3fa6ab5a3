import { useState, type FormEvent } from 'react';
import {
  playerInputSchema,
  screenOrientationLabels,
  screenOrientations,
  type AdminTower,
  type PlayerCreated,
  type PlayerInput,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { copyBoxClass, Field, SelectField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreatePlayer } from '../api/use-screens.ts';

type Values = Record<
  'tower_id' | 'name' | 'resolution' | 'orientation' | 'loop' | 'spot' | 'opens' | 'closes',
  string
>;

const start = (towers: AdminTower[]): Values => ({
  tower_id: towers[0]?.id ?? '',
  name: '',
  resolution: '1920x1080',
  orientation: 'paisagem',
  loop: String(10 * Math.max(1, towers[0]?.slots ?? 6)),
  spot: '10',
  opens: '06:00',
  closes: '23:00',
});

const toInput = (v: Values) => ({
  tower_id: v.tower_id,
  name: v.name,
  resolution: v.resolution.trim().toLowerCase(),
  orientation: v.orientation,
  loop_seconds: v.loop.trim() === '' ? undefined : Number(v.loop),
  spot_seconds: v.spot.trim() === '' ? undefined : Number(v.spot),
  opens_at: v.opens,
  closes_at: v.closes,
});

const fieldOf: Record<string, keyof Values> = {
  loop_seconds: 'loop',
  spot_seconds: 'spot',
  opens_at: 'opens',
  closes_at: 'closes',
};

/**
 * Registers the player of one of a product's screen faces (issue #43 item 1). The loop must hold as
 * many spots as the face sells slots (the server says so otherwise); what it answers — the secret and
 * its QR code — is shown once, by the caller.
 */
export function PlayerForm({
  towers,
  onCreated,
}: {
  towers: Array<AdminTower & { id: string }>;
  onCreated: (created: PlayerCreated) => void;
}) {
  const create = useCreatePlayer();
  const [values, setValues] = useState<Values>(() => start(towers));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const face = towers.find((t) => t.id === values.tower_id);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const parsed = playerInputSchema.safeParse(toInput(values));
    if (!parsed.success) {
      const found: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        const field = fieldOf[key] ?? (key as keyof Values);
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      onCreated(await create.mutateAsync(parsed.data as PlayerInput));
    } catch (err) {
      setProblem(errorMessage(err, 'Não foi possível cadastrar a tela.'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-2">
      {problem ? (
        <div className="sm:col-span-2">
          <Alert>{problem}</Alert>
        </div>
      ) : null}
      <SelectField
        label="Face"
        value={values.tower_id}
        onChange={set('tower_id')}
        error={errors.tower_id}
        options={towers.map((t) => [t.id, `${t.name} (${t.slots} slot${t.slots === 1 ? '' : 's'})`] as const)}
      />
      <Field label="Nome da tela" value={values.name} onChange={set('name')} error={errors.name} />
      <Field
        label="Resolução"
        value={values.resolution}
        onChange={set('resolution')}
        error={errors.resolution}
        hint="Largura x altura, como 1920x1080."
      />
      <SelectField
        label="Orientação"
        value={values.orientation}
        onChange={set('orientation')}
        options={screenOrientations.map((o) => [o, screenOrientationLabels[o]] as const)}
      />
      <Field
        label="Spot (segundos)"
        inputMode="numeric"
        value={values.spot}
        onChange={set('spot')}
        error={errors.spot}
      />
      <Field
        label="Loop (segundos)"
        inputMode="numeric"
        value={values.loop}
        onChange={set('loop')}
        error={errors.loop}
        hint={
          face
            ? `A face vende ${face.slots} slot${face.slots === 1 ? '' : 's'}: loop = spot × ${face.slots}.`
            : undefined
        }
      />
      <Field label="Liga às" type="time" value={values.opens} onChange={set('opens')} error={errors.opens} />
      <Field
        label="Desliga às"
        type="time"
        value={values.closes}
        onChange={set('closes')}
        error={errors.closes}
        hint="O mesmo horário nos dois: 24 horas."
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Cadastrando...' : 'Cadastrar tela'}
        </Button>
      </div>
    </form>
  );
}

/** The secret and the QR code of a new player: shown this once, never again. */
export function PlayerSecret({ created }: { created: PlayerCreated }) {
  return (
    <div className="space-y-3" data-player-secret="">
      <Alert tone="info">
        Anote a chave agora: ela não será mostrada de novo. Aponte a câmera do aparelho da tela para o QR
        code, ou abra o endereço abaixo no navegador dele, em modo quiosque.
      </Alert>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(created.qr_svg)}`}
        alt={`QR code para configurar a tela ${created.name}`}
        className="mx-auto h-56 w-56 rounded-lg border border-slate-200 bg-white p-2"
      />
      <div>
        <p className="text-sm font-medium text-slate-800">Chave secreta</p>
        <p className={copyBoxClass} data-secret="">
          {created.secret}
        </p>
      </div>
      <div>
        <p className="text-sm font-medium text-slate-800">Endereço do player</p>
        <p className={copyBoxClass}>{created.setup_url}</p>
      </div>
    </div>
  );
}
