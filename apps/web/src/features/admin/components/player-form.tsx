import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  playerFormSchema,
  screenOrientationLabels,
  screenOrientations,
  type AdminTower,
  type PlayerCreated,
} from '@urbana/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { copyBoxClass, Field, SelectField } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreatePlayer } from '../api/use-screens.ts';

type Values = z.input<typeof playerFormSchema>;
type Face = AdminTower & { id: string };

const start = (towers: Face[]): Values => ({
  tower_id: towers[0]?.id ?? '',
  name: '',
  resolution: '1920x1080',
  orientation: 'paisagem',
  loop_seconds: String(10 * Math.max(1, towers[0]?.slots ?? 6)),
  spot_seconds: '10',
  opens_at: '06:00',
  closes_at: '23:00',
});

/**
 * Registers the player of one of a product's screen faces (issue #43 item 1). The loop must hold as
 * many spots as the face sells slots (the server says so otherwise); what it answers — the secret and
 * its QR code — is shown once, by the caller.
 */
export function PlayerForm({
  towers,
  onCreated,
}: {
  towers: Face[];
  onCreated: (created: PlayerCreated) => void;
}) {
  const create = useCreatePlayer();
  const form = useForm<Values, unknown, z.output<typeof playerFormSchema>>({
    resolver: zodResolver(playerFormSchema),
    defaultValues: start(towers),
  });
  const { errors } = form.formState;
  const towerId = useWatch({ control: form.control, name: 'tower_id' });
  const face = towers.find((t) => t.id === towerId);
  const submit = form.handleSubmit(async (input) => {
    try {
      onCreated(await create.mutateAsync(input));
    } catch (err) {
      form.setError('root', { message: errorMessage(err, 'Não foi possível cadastrar a tela.') });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      {errors.root ? (
        <div className="sm:col-span-2">
          <Alert>{errors.root.message}</Alert>
        </div>
      ) : null}
      <SelectField
        label="Face"
        error={errors.tower_id?.message}
        options={towers.map((t) => [t.id, `${t.name} (${t.slots} slot${t.slots === 1 ? '' : 's'})`] as const)}
        {...form.register('tower_id')}
      />
      <Field label="Nome da tela" error={errors.name?.message} {...form.register('name')} />
      <Field
        label="Resolução"
        error={errors.resolution?.message}
        hint="Largura x altura, como 1920x1080."
        {...form.register('resolution')}
      />
      <SelectField
        label="Orientação"
        options={screenOrientations.map((o) => [o, screenOrientationLabels[o]] as const)}
        {...form.register('orientation')}
      />
      <Field
        label="Spot (segundos)"
        inputMode="numeric"
        error={errors.spot_seconds?.message}
        {...form.register('spot_seconds')}
      />
      <Field
        label="Loop (segundos)"
        inputMode="numeric"
        error={errors.loop_seconds?.message}
        hint={
          face
            ? `A face vende ${face.slots} slot${face.slots === 1 ? '' : 's'}: loop = spot × ${face.slots}.`
            : undefined
        }
        {...form.register('loop_seconds')}
      />
      <Field label="Liga às" type="time" error={errors.opens_at?.message} {...form.register('opens_at')} />
      <Field
        label="Desliga às"
        type="time"
        error={errors.closes_at?.message}
        hint="O mesmo horário nos dois: 24 horas."
        {...form.register('closes_at')}
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
