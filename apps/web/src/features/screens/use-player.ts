/**
 * What the web player does, as hooks (issue #43, decision 101): keep the playlist (the last one
 * while Urbana cannot be reached), keep its files as object URLs, walk the loop spot by spot within
 * the operating hours, and send the plays.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { screenOpenSince, type Playlist, type PlaylistCreative, type PlaylistSpot } from '@urbana/shared';
import { cachedPlaylist, mediaBlob, pollPlaylist, queuePlay, sendPlays, serverNow } from './player-client.ts';

/** How often the player asks for its playlist and sends its plays: a change shows within a minute. */
export const POLL_MS = 30_000;

export function usePlaylist(id: string, secret: string): Playlist | null {
  const [playlist, setPlaylist] = useState<Playlist | null>(() => cachedPlaylist(id));
  const known = useRef(playlist);
  useEffect(() => {
    let stopped = false;
    const poll = () => {
      pollPlaylist(id, secret, known.current)
        .then((next) => {
          if (next && !stopped) {
            known.current = next;
            setPlaylist(next);
          }
        })
        .catch(() => undefined);
    };
    poll();
    const timer = setInterval(poll, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [id, secret]);
  return playlist;
}

/** Object URLs of the playlist's files, fetched (or read from the cache) as they appear. */
export function useMediaUrls(secret: string, playlist: Playlist | null): Map<string, string> {
  const [urls, setUrls] = useState(() => new Map<string, string>());
  useEffect(() => {
    if (!playlist) return;
    let stopped = false;
    const wanted = new Map<string, PlaylistCreative>();
    for (const spot of playlist.spots) for (const c of spot.creatives) wanted.set(c.media_id, c);
    void (async () => {
      for (const c of wanted.values()) {
        if (stopped || urls.has(c.media_id)) continue;
        const blob = await mediaBlob(secret, c.url).catch(() => null);
        if (blob && !stopped) setUrls((m) => new Map(m).set(c.media_id, URL.createObjectURL(blob)));
      }
    })();
    return () => {
      stopped = true;
    };
    // The URLs already made are read, not watched: a new file triggers this through the playlist.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [secret, playlist]);
  return urls;
}

/** Whether the screen is within its operating hours, looked at again every 30 s. */
export function useOpen(playlist: Playlist | null): boolean {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, []);
  return !!playlist && screenOpenSince(serverNow(), playlist) !== null;
}

/** Sends the queued plays every 30 s and as soon as the network is back. */
export function usePlaySender(id: string, secret: string) {
  useEffect(() => {
    const send = () => void sendPlays(id, secret).catch(() => undefined);
    send();
    const timer = setInterval(send, POLL_MS);
    window.addEventListener('online', send);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', send);
    };
  }, [id, secret]);
}

/** The creative a spot plays at this turn of the loop (several files take turns). */
export const creativeAt = (spot: PlaylistSpot | undefined, loop: number): PlaylistCreative | null =>
  spot && spot.creatives.length > 0 ? spot.creatives[loop % spot.creatives.length]! : null;

/** The loop's cursor and the step to the next spot, recording the play that just ended. */
export function useLoop(id: string, playlist: Playlist | null) {
  const [cursor, setCursor] = useState({ loop: 0, position: 0, startedAt: serverNow() });
  const spots = playlist?.spots ?? [];
  const spot = spots.length > 0 ? spots[cursor.position % spots.length] : undefined;
  const creative = creativeAt(spot, cursor.loop);
  const next = useCallback(
    (played: boolean) => {
      const ended = serverNow();
      if (played && spot && creative)
        queuePlay(id, {
          id: crypto.randomUUID(),
          media_id: creative.media_id,
          booking_id: spot.booking_id,
          started_at: cursor.startedAt.toISOString(),
          ended_at: ended.toISOString(),
          duration_ms: Math.max(0, ended.getTime() - cursor.startedAt.getTime()),
        });
      setCursor((c) => {
        const position = c.position + 1;
        const wraps = spots.length === 0 || position >= spots.length;
        return { loop: wraps ? c.loop + 1 : c.loop, position: wraps ? 0 : position, startedAt: ended };
      });
    },
    [id, spot, creative, cursor.startedAt, spots.length],
  );
  return { cursor, spot, creative, next };
}
