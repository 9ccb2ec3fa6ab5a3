/**
 * Screens and their players (issue #43 item 1, decision 090): what staff register for each screen
 * face, and what the panel reads back. The secret signs the player's reports; it is answered once.
 */
import { z } from 'zod';
import { buildPath, paths } from '../paths.ts';

export const screenOrientations = ['paisagem', 'retrato'] as const;
export type ScreenOrientation = (typeof screenOrientations)[number];
export const screenOrientationLabels: Record<ScreenOrientation, string> = {
  paisagem: 'Paisagem (horizontal)',
  retrato: 'Retrato (vertical)',
};

export const playerMessages = {
  notFound: 'Tela não encontrada.',
  faceNotFound: 'Face não encontrada.',
  staticFace: 'Esta face é estática (outdoor, empena ou mobiliário): ela não tem player.',
  loopNotWhole: 'O loop precisa ter um número inteiro de spots: use um múltiplo da duração do spot.',
  loopSlots: (spots: number, slots: number) =>
    `O loop tem ${spots} spot${spots === 1 ? '' : 's'}, mas a face vende ${slots} slot${slots === 1 ? '' : 's'}: ajuste o loop ou os slots da face.`,
} as const;

const hhmm = (label: string) =>
  z
    .string({ error: `Informe ${label}.` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `Use ${label} como HH:MM.` });

const seconds = (label: string, min: number, max: number) =>
  z
    .number({ error: `Informe ${label} em segundos.` })
    .int({ error: `Use um número inteiro de segundos em ${label}.` })
    .min(min, { error: `${label[0]!.toUpperCase()}${label.slice(1)}: ao menos ${min} s.` })
    .max(max, { error: `${label[0]!.toUpperCase()}${label.slice(1)}: no máximo ${max} s.` });

export const playerInputSchema = z
  .object({
    tower_id: z.uuid({ error: 'Escolha a face da tela.' }),
    name: z
      .string({ error: 'Informe o nome da tela.' })
      .trim()
      .min(2, { error: 'Informe o nome da tela.' })
      .max(120, { error: 'O nome da tela tem no máximo 120 caracteres.' }),
    resolution: z
      .string({ error: 'Informe a resolução.' })
      .regex(/^\d{3,5}x\d{3,5}$/, { error: 'Use a resolução como 1920x1080.' }),
    orientation: z.enum(screenOrientations, { error: 'Escolha a orientação.' }),
    loop_seconds: seconds('o loop', 5, 3600),
    spot_seconds: seconds('o spot', 5, 300),
    opens_at: hhmm('o horário de início'),
    closes_at: hhmm('o horário de fim'),
  })
  .superRefine((v, ctx) => {
    if (v.loop_seconds % v.spot_seconds !== 0)
      ctx.addIssue({ code: 'custom', path: ['loop_seconds'], message: playerMessages.loopNotWhole });
  });
export type PlayerInput = z.input<typeof playerInputSchema>;

const wholeSeconds = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, { error: `Informe ${label} em segundos.` })
    .transform(Number);

/** The panel's form: what a person types (seconds as text), checked by the API's own schema. */
export const playerFormSchema = z
  .object({
    tower_id: z.string(),
    name: z.string(),
    resolution: z.string().trim().toLowerCase(),
    orientation: z.enum(screenOrientations, { error: 'Escolha a orientação.' }),
    loop_seconds: wholeSeconds('o loop'),
    spot_seconds: wholeSeconds('o spot'),
    opens_at: z.string(),
    closes_at: z.string(),
  })
  .pipe(playerInputSchema);

export const adminPlayerSchema = z.object({
  id: z.string(),
  tower_id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  face_name: z.string(),
  name: z.string(),
  resolution: z.string(),
  orientation: z.enum(screenOrientations),
  loop_seconds: z.number(),
  spot_seconds: z.number(),
  opens_at: z.string(),
  closes_at: z.string(),
  last_seen_at: z.string().nullable(),
  /**
   * Silent now: open (within its operating hours) and heard from neither in the last
   * PLAYER_SILENCE_MINUTES nor since it opened — the same rule as the staff alert (decision 101).
   */
  silent: z.boolean(),
  created_at: z.string(),
});
export type AdminPlayer = z.infer<typeof adminPlayerSchema>;

/** GET /api/admin/telas. */
export const adminPlayerListSchema = z.object({ items: z.array(adminPlayerSchema) });

/** The answer to a new player: the secret and the QR code that carries it, this once. */
export const playerCreatedSchema = adminPlayerSchema.extend({
  secret: z.string(),
  /** The player's page with its pairing key in the fragment (never sent to a server by a browser). */
  setup_url: z.string(),
  /** The QR code of `setup_url`, as SVG. */
  qr_svg: z.string(),
});
export type PlayerCreated = z.infer<typeof playerCreatedSchema>;

/** The player's page address with its key, as the QR code carries it. */
export const playerSetupPath = (id: string, secret: string) =>
  `${buildPath(paths.tela, { id })}#chave=${secret}`;
