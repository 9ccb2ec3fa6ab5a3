/**
 * The web player at /tela/{id} (issue #43 item 2, decision 101), for a browser in kiosk mode: paired
 * once by the QR code's address (the key in the fragment, kept in this browser), it plays its
 * playlist full screen within the operating hours — images for the spot, videos for their length —
 * goes on with the last playlist and the cached files when offline, and sends its plays when it can.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { Playlist } from '@urbana/shared';
import { pairedKey } from '../../../features/screens/player-client.ts';
import {
  useLoop,
  useMediaUrls,
  useOpen,
  usePlaylist,
  usePlaySender,
} from '../../../features/screens/use-player.ts';

function Screen({ children, rotate = false }: { children?: ReactNode; rotate?: boolean }) {
  return (
    <main
      id="conteudo"
      className="fixed inset-0 flex cursor-none items-center justify-center overflow-hidden bg-black text-white"
    >
      <div
        className="flex items-center justify-center"
        style={
          rotate
            ? { width: '100vh', height: '100vw', transform: 'rotate(90deg)' }
            : { width: '100vw', height: '100vh' }
        }
      >
        {children}
      </div>
    </main>
  );
}

/** The face's orientation against the display's: a portrait face on a landscape display turns. */
const turned = (playlist: Playlist) =>
  (playlist.orientation === 'retrato') === window.innerWidth > window.innerHeight;

function SpotView({ id, playlist, urls }: { id: string; playlist: Playlist; urls: Map<string, string> }) {
  const { cursor, creative, next } = useLoop(id, playlist);
  const url = creative ? urls.get(creative.media_id) : undefined;
  const isVideo = creative?.kind === 'video' && !!url;
  useEffect(() => {
    // A video ends by itself (with a safety margin); an image, an empty spot or a file not yet
    // here take the spot's length — and only a file really shown counts as a play.
    const ms = isVideo
      ? Math.max(creative?.duration_ms ?? 0, playlist.spot_seconds * 1000) + 5000
      : playlist.spot_seconds * 1000;
    const timer = setTimeout(() => next(!isVideo && !!url), ms);
    return () => clearTimeout(timer);
  }, [cursor, isVideo, url, creative?.duration_ms, playlist.spot_seconds, next]);
  const key = `${cursor.loop}-${cursor.position}`;
  return (
    <Screen rotate={turned(playlist)}>
      {url && isVideo ? (
        <video
          key={key}
          src={url}
          className="h-full w-full object-contain"
          autoPlay
          muted
          playsInline
          onEnded={() => next(true)}
          onError={() => next(false)}
        />
      ) : url ? (
        <img key={key} src={url} alt="" className="h-full w-full object-contain" />
      ) : null}
    </Screen>
  );
}

function Player({ id, secret }: { id: string; secret: string }) {
  const playlist = usePlaylist(id, secret);
  const urls = useMediaUrls(secret, playlist);
  const open = useOpen(playlist);
  usePlaySender(id, secret);
  if (!playlist)
    return (
      <Screen>
        <p className="text-lg">Buscando a programação da tela…</p>
      </Screen>
    );
  if (!open) return <Screen />;
  return <SpotView id={id} playlist={playlist} urls={urls} />;
}

export function Component() {
  const { id = '' } = useParams();
  // The page is drawn by the browser only (not server-rendered): the fragment is there to read.
  const [secret] = useState(() => pairedKey(id));
  if (!secret)
    return (
      <Screen>
        <p className="max-w-xl px-6 text-center text-lg">
          Esta tela ainda não foi pareada. Abra nela o endereço do QR code mostrado no cadastro da tela, no
          painel.
        </p>
      </Screen>
    );
  return <Player id={id} secret={secret} />;
}
