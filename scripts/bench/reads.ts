/**
 * Honest reads for the bench (issue #21): every request asks for one of many distinct URLs, picked
 * at random, with the headers a browser sends (Accept-Encoding: br, gzip; a session cookie on half
 * of them), so that neither the five-second read cache nor one compressed answer can stand in for
 * the work a real visitor causes.
 */
import autocannon from 'autocannon';

export interface ReadLoad {
  /** Paths to spread the requests over (≥ 1,000 for the catalogue figures). */
  paths: string[];
  /** `name=value` of a signed-in session, sent on every other request when given. */
  cookie?: string | undefined;
  seconds?: number;
  connections?: number;
}

export interface ReadResult {
  rps: number;
  p99Ms: number;
}

export async function readLoad(base: string, load: ReadLoad): Promise<ReadResult> {
  let n = 0;
  const result = await autocannon({
    url: base,
    connections: load.connections ?? 32,
    duration: load.seconds ?? 8,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          n += 1;
          const path = load.paths[Math.floor(Math.random() * load.paths.length)]!;
          const headers: Record<string, string> = {
            'accept-encoding': 'br, gzip',
            accept: 'application/json',
            'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
          };
          if (load.cookie && n % 2 === 0) headers.cookie = load.cookie;
          return { ...request, path, headers };
        },
      },
    ],
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${load.paths[0]}…: ${result.non2xx} respostas não 2xx, ${result.errors} erros`);
  }
  return { rps: Math.round(result.requests.average), p99Ms: result.latency.p99 };
}
