/**
 * What a screen's player asks Urbana and tells it (issue #43 items 2 and 3, decision 101): its
 * playlist, and the plays it reports. Every request is signed with the player's key (HMAC-SHA256 of
 * `playerSigningText`), so the key itself never travels after the pairing.
 */
import { z } from 'zod';
import { screenOrientations } from './schemas.ts';

/** The request's moment (Unix seconds) and its signature (hex), the two headers of a signed request. */
export const PLAYER_TIME_HEADER = 'x-urbana-tela-data';
export const PLAYER_SIGNATURE_HEADER = 'x-urbana-tela-assinatura';
/** How far the player's clock may be from Urbana's, for the signature and for a play's end. */
export const PLAYER_CLOCK_SKEW_SECONDS = 300;
/** At most this many plays in one report. */
export const PLAY_BATCH_MAX = 500;

/**
 * The text a player signs: the moment, the method, the path with its query, and the SHA-256 (hex) of
 * the body ('' hashed for a GET), one per line.
 */
export const playerSigningText = (input: {
  time: string;
  method: string;
  path: string;
  bodySha256: string;
}) => `${input.time}\n${input.method.toUpperCase()}\n${input.path}\n${input.bodySha256}`;

export const playerApiMessages = {
  badSignature: 'Assinatura da tela inválida.',
  clock: 'O relógio da tela está fora da hora: acerte a data e a hora do aparelho.',
  mediaNotInPlaylist: 'Este arquivo não está na programação da tela.',
  foreignBooking: 'Uma exibição é de uma reserva que não é desta tela.',
  future: 'Uma exibição termina no futuro: acerte a data e a hora do aparelho.',
  endBeforeStart: 'Uma exibição termina antes de começar.',
  repeatedId: 'A mesma exibição aparece duas vezes no lote.',
} as const;

export const playlistCreativeSchema = z.object({
  media_id: z.string(),
  kind: z.enum(['imagem', 'video']),
  mime: z.string(),
  width: z.number(),
  height: z.number(),
  /** A video's length; an image plays for the spot. */
  duration_ms: z.number().nullable(),
  size_bytes: z.number(),
  /** Signed like the playlist. */
  url: z.string(),
});
export type PlaylistCreative = z.infer<typeof playlistCreativeSchema>;

/**
 * One spot of the loop: a booking's (its ad's approved files), a house creative's, or empty. A spot
 * with several files plays the next one at each loop.
 */
export const playlistSpotSchema = z.object({
  position: z.number(),
  kind: z.enum(['campanha', 'casa', 'vazio']),
  /** The booking (order item) the spot is sold to; null for a house or empty spot. */
  booking_id: z.string().nullable(),
  ad_id: z.string().nullable(),
  creatives: z.array(playlistCreativeSchema),
});
export type PlaylistSpot = z.infer<typeof playlistSpotSchema>;

/** GET /api/telas/:id/programacao. */
export const playlistSchema = z.object({
  player_id: z.string(),
  name: z.string(),
  orientation: z.enum(screenOrientations),
  resolution: z.string(),
  loop_seconds: z.number(),
  spot_seconds: z.number(),
  /** 'HH:MM' in `timezone`; a close at or before the opening runs past midnight. */
  opens_at: z.string(),
  closes_at: z.string(),
  timezone: z.literal('America/Sao_Paulo'),
  /** The day (Brasília) the bookings were read for. */
  day: z.string(),
  /** Changes whenever what plays changes; also the answer's ETag. */
  version: z.string(),
  spots: z.array(playlistSpotSchema),
  /** Each booking on air here and its share of the loop (spots of `spots.length`). */
  bookings: z.array(z.object({ booking_id: z.string(), ad_id: z.string(), spots: z.number() })),
});
export type Playlist = z.infer<typeof playlistSchema>;

const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `Informe ${label} como data e hora ISO 8601.` });

/** One play as the player reports it; its id (made by the player) makes a report sent twice count once. */
export const playRecordSchema = z.object({
  id: z.uuid({ error: 'Cada exibição precisa de um id (UUID).' }),
  media_id: z.uuid({ error: 'Informe o criativo exibido.' }),
  booking_id: z.uuid({ error: 'Reserva inválida.' }).nullable(),
  started_at: instant('o início'),
  ended_at: instant('o fim'),
  duration_ms: z
    .number({ error: 'Informe a duração em milissegundos.' })
    .int({ error: 'Informe a duração em milissegundos.' })
    .min(0, { error: 'A duração não pode ser negativa.' })
    .max(86_400_000, { error: 'Uma exibição dura no máximo um dia.' }),
});
export type PlayRecord = z.infer<typeof playRecordSchema>;

/** /api/telas/:id/…: the player that signs the request. */
export const playerParamsSchema = z.object({ id: z.string().max(64) });
/** GET /api/telas/:id/midias/:mediaId: a file of the player's playlist. */
export const playerMediaParamsSchema = playerParamsSchema.extend({ mediaId: z.string().max(64) });

/** POST /api/telas/:id/exibicoes. */
export const playReportSchema = z.object({
  plays: z
    .array(playRecordSchema, { error: 'Envie as exibições em "plays".' })
    .min(1, { error: 'Envie ao menos uma exibição.' })
    .max(PLAY_BATCH_MAX, { error: `Envie no máximo ${PLAY_BATCH_MAX} exibições por lote.` }),
});
export type PlayReport = z.infer<typeof playReportSchema>;

/** The answer to a report: how many were new, and how many Urbana already had (a report sent again). */
export const playReportAnswerSchema = z.object({
  received: z.number(),
  recorded: z.number(),
  duplicates: z.number(),
});

/** Urbana's own creatives, played in unsold spots (staff choose them from their media library). */
export const houseCreativeSchema = z.object({
  media_id: z.string(),
  name: z.string(),
  kind: z.enum(['imagem', 'video']),
  width: z.number(),
  height: z.number(),
  thumb_url: z.string().nullable(),
  created_at: z.string(),
});
export const houseCreativeListSchema = z.object({ items: z.array(houseCreativeSchema) });
export const houseCreativeInputSchema = z.object({
  media_id: z.uuid({ error: 'Escolha um arquivo da sua biblioteca.' }),
});
export const houseCreativeMessages = {
  notFound: 'Criativo da casa não encontrado.',
  mediaNotFound: 'Arquivo não encontrado na sua biblioteca.',
  already: 'Este arquivo já é um criativo da casa.',
} as const;

const brasiliaClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Sao_Paulo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When the screen's current operating period began, or null when it is closed now. Hours are
 * 'HH:MM' in Brasília; a close at or before the opening runs past midnight (decision 090). A screen
 * that closes when it opens runs all day and never opens anew: its period began at the epoch, so a
 * silence that crosses midnight is still counted from the last contact.
 */
export function screenOpenSince(now: Date, hours: { opens_at: string; closes_at: string }): Date | null {
  const parts = brasiliaClock.formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const minute = part('hour') * 60 + part('minute');
  const opens = minutesOf(hours.opens_at);
  const closes = minutesOf(hours.closes_at);
  if (opens === closes) return new Date(0);
  const open = closes > opens ? minute >= opens && minute < closes : minute >= opens || minute < closes;
  if (!open) return null;
  const sinceOpening = (minute - opens + 1440) % 1440;
  const startOfMinute = now.getTime() - (now.getTime() % 60_000);
  return new Date(startOfMinute - sinceOpening * 60_000);
}
