import type { FastifyInstance } from 'fastify';

export interface AppRoute {
  method: string;
  /** The route's path pattern, e.g. `/api/orders/:id/cancel`. */
  url: string;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `METHOD /path`, the key of every route table in the security suite. */
export const routeKey = (route: AppRoute) => `${route.method} ${route.url}`;

/**
 * Every route the app answers, read from Fastify's own route tree (`printRoutes`), so that a route
 * added tomorrow shows up in the security tables without anyone listing it. HEAD (Fastify's automatic
 * twin of GET) is left out; `/x/` and `/x` (a plugin prefix with a `/` route) count once.
 */
export function listRoutes(app: FastifyInstance): AppRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const found = new Map<string, AppRoute>();
  for (const line of tree.split('\n')) {
    if (!line.trim()) continue;
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) throw new Error(`linha inesperada em printRoutes: ${JSON.stringify(line)}`);
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    if (!match[3]) continue;
    const full = stack.join('');
    const url = full.length > 1 && full.endsWith('/') ? full.slice(0, -1) : full;
    for (const method of match[3].split(',').map((m) => m.trim())) {
      if (method === 'HEAD') continue;
      found.set(`${method} ${url}`, { method, url });
    }
  }
  return [...found.values()].sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}

export const isStateChanging = (route: AppRoute) => STATE_CHANGING.has(route.method);
export const hasParams = (route: AppRoute) => /[:*]/.test(route.url);

/** Fills `:name` placeholders. */
export function fill(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`parâmetro ausente: ${name} em ${url}`);
    return encodeURIComponent(value);
  });
}
