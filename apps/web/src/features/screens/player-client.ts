/**
 * The web player's side of the screens' API (issue #43, decision 101): every request signed with the
 * player's key by WebCrypto (HMAC-SHA256 of `playerSigningText`), the playlist polled with its ETag,
 * the files kept in the Cache API, and the plays queued in localStorage until Urbana has them.
 */
import {
  endpointUrl,
  PLAY_BATCH_MAX,
  PLAYER_SIGNATURE_HEADER,
  PLAYER_TIME_HEADER,
  playerSigningText,
  type Playlist,
  type PlayRecord,
} from '@urbana/shared';
import { playersEndpoints } from '../../lib/endpoints/players.ts';

const encoder = new TextEncoder();
const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** The signature the API checks (services/players/signature.ts computes the same in Node). */
export async function signRequest(
  secret: string,
  input: { time: string; method: string; path: string; body: string },
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const text = playerSigningText({ ...input, bodySha256: await sha256Hex(input.body) });
  return hex(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
}

/** Where this browser keeps a paired player's key, its last playlist and its unsent plays. */
const storeKey = (id: string, what: 'chave' | 'programacao' | 'exibicoes') => `urbana-tela:${id}:${what}`;

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
const write = (key: string, value: unknown) => {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full storage loses the newest plays, never the playing.
  }
};

/**
 * The key of this player: from the QR code's address (`#chave=…`, kept then taken out of the address
 * bar), or the one kept from the pairing.
 */
export function pairedKey(id: string): string | null {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const given = fragment.get('chave');
  if (given) {
    write(storeKey(id, 'chave'), given);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    return given;
  }
  return read<string>(storeKey(id, 'chave'));
}

export const cachedPlaylist = (id: string) => read<Playlist>(storeKey(id, 'programacao'));

/** The player's view of Urbana's clock: the difference seen in the answers' Date header. */
let clockOffsetMs = 0;
export const serverNow = () => new Date(Date.now() + clockOffsetMs);
function learnClock(res: Response) {
  const date = Date.parse(res.headers.get('date') ?? '');
  if (Number.isFinite(date)) clockOffsetMs = date - Date.now();
}

async function signedFetch(secret: string, method: 'GET' | 'POST', path: string, body = '', extra = {}) {
  const time = String(Math.floor(serverNow().getTime() / 1000));
  const signature = await signRequest(secret, { time, method, path, body });
  // Not api(): no session here, and the player reads the ETag, the 304 and the Date header itself.
  // eslint-disable-next-line no-restricted-globals -- signed by the player's key, not a session
  const res = await fetch(path, {
    method,
    headers: {
      [PLAYER_TIME_HEADER]: time,
      [PLAYER_SIGNATURE_HEADER]: signature,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...extra,
    },
    ...(body ? { body } : {}),
    cache: 'no-store',
  });
  learnClock(res);
  return res;
}

/** The playlist if it changed (null when it did not, or when Urbana cannot be reached). */
export async function pollPlaylist(
  id: string,
  secret: string,
  known: Playlist | null,
): Promise<Playlist | null> {
  const res = await signedFetch(
    secret,
    'GET',
    endpointUrl(playersEndpoints.playlist, { id }),
    '',
    known ? { 'if-none-match': `"${known.version}"` } : {},
  );
  if (res.status !== 200) return null;
  const playlist = (await res.json()) as Playlist;
  write(storeKey(id, 'programacao'), playlist);
  return playlist;
}

const MEDIA_CACHE = 'urbana-tela-midias';

/** A file of the playlist, from the browser's cache or fetched (signed) and kept there. */
export async function mediaBlob(secret: string, url: string): Promise<Blob | null> {
  const cache = 'caches' in window ? await caches.open(MEDIA_CACHE) : null;
  const kept = await cache?.match(url);
  if (kept) return kept.blob();
  const res = await signedFetch(secret, 'GET', url);
  if (!res.ok) return null;
  await cache?.put(url, res.clone());
  return res.blob();
}

export function queuePlay(id: string, play: PlayRecord) {
  const queue = read<PlayRecord[]>(storeKey(id, 'exibicoes')) ?? [];
  write(storeKey(id, 'exibicoes'), [...queue, play]);
}

export const pendingPlays = (id: string) => read<PlayRecord[]>(storeKey(id, 'exibicoes')) ?? [];

/**
 * Sends the oldest plays waiting. Kept when Urbana cannot be reached or the clock is off (401, sent
 * again later); dropped when refused for what they are (400, 403), so one bad batch never blocks the
 * rest.
 */
export async function sendPlays(id: string, secret: string): Promise<number> {
  const batch = pendingPlays(id).slice(0, PLAY_BATCH_MAX);
  if (batch.length === 0) return 0;
  let status = 0;
  try {
    status = (
      await signedFetch(
        secret,
        'POST',
        endpointUrl(playersEndpoints.plays, { id }),
        JSON.stringify({ plays: batch }),
      )
    ).status;
  } catch {
    return 0;
  }
  if (status !== 200 && status !== 400 && status !== 403) return 0;
  const sent = new Set(batch.map((p) => p.id));
  write(
    storeKey(id, 'exibicoes'),
    pendingPlays(id).filter((p) => !sent.has(p.id)),
  );
  return batch.length;
}
