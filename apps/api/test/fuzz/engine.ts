import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { addDays, earliestBookableStart, todayInBrasilia, ufNames } from '@urbana/shared';
import type { TestContext } from '../helpers.ts';
import { createSession, type ProfileRow } from '../../src/services/auth/index.ts';
import { webhookPixBodySchema } from '../../src/services/payments/api-pix/schemas.ts';
import { DbDigest, SESSION_TOUCH, type Digest } from './db-digest.ts';
import {
  hostileContentTypes,
  hostileSegments,
  hostileString,
  hostileValue,
  invalidJsonTexts,
  nastyStrings,
  nestedArraysText,
  nestedObjectsText,
  rawHugeNumbers,
} from './hostile.ts';
import { inputJsonSchema, schemaArbitrary, type Hint, type JsonSchema } from './schema-arbitrary.ts';

// ---------------------------------------------------------------------------------------------------
// Routes

export interface FuzzRoute {
  method: string;
  url: string;
  /** "POST /api/orders" */
  key: string;
  body?: z.ZodType | undefined;
  querystring?: z.ZodType | undefined;
  params?: z.ZodType | undefined;
  headers?: z.ZodType | undefined;
  /** The route's own body limit, when it has one. */
  bodyLimit?: number | undefined;
}

/**
 * Routes whose schema does not describe the body they read (the PSP's webhook checks who calls before it
 * reads the body; with no secret of the fuzz world's, every call is refused 401 and changes nothing).
 */
const extraBodySchemas: Record<string, z.ZodType> = {
  'POST /api/webhooks/pix': webhookPixBodySchema,
  'POST /api/webhooks/pix/pix': webhookPixBodySchema,
};

/**
 * Collects every /api route with its zod schemas: pass `onRoute` to buildApp, which adds it as an
 * onRoute hook before any route registers.
 */
/** Routes that answer an endless text/event-stream when they accept a request. */
const STREAMING_ROUTES = new Set(['GET /api/notifications/stream']);
const STREAM_WAIT_MS = 300;
/**
 * Routes that delete an identity's account for good when a request is valid (the fuzz knows the
 * password): every later request of that identity would be refused. account-privacy.test.ts covers them.
 */
const ACCOUNT_ENDING_ROUTES = new Set(['POST /api/account/delete', 'POST /api/admin/usuarios/:id/excluir']);

export function routeCollector() {
  const routes: FuzzRoute[] = [];
  const add = (route: RouteOptions, url: string) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${url}`;
      if (routes.some((r) => r.key === key)) continue;
      routes.push({
        method,
        url,
        key,
        body: (schema.body as z.ZodType | undefined) ?? extraBodySchemas[key],
        querystring: schema.querystring as z.ZodType | undefined,
        params: schema.params as z.ZodType | undefined,
        headers: schema.headers as z.ZodType | undefined,
        bodyLimit: route.bodyLimit,
      });
    }
  };
  const onRoute = (route: RouteOptions & { routePath: string; prefix: string }) => {
    if (!route.url.startsWith('/api')) return;
    add(route, route.url);
    // A "/" route under a prefix is also registered as "prefix/", without calling onRoute again.
    if (route.routePath === '' && route.prefix.length > 0) add(route, `${route.url}/`);
  };
  return { routes, onRoute };
}

// ---------------------------------------------------------------------------------------------------
// The world the requests run in: users, sessions, catalogue, orders.

export type IdentityName = 'anonimo' | 'cliente' | 'admin';
export const IDENTITIES: IdentityName[] = ['anonimo', 'cliente', 'admin'];

export interface Identity {
  name: IdentityName;
  user?: ProfileRow;
  email?: string;
  password?: string;
  cookie?: string;
}

interface Pools {
  products: Array<{ id: string; slug: string }>;
  towers: Array<{ id: string; product_id: string }>;
  photos: string[];
  orders: Array<{ id: string; user_id: string; payment_reference: string | null; total: number }>;
  coupons: string[];
}

/** A reference to real data, resolved when the request is sent (per identity: "my order"). */
export interface Ref {
  $ref:
    | 'order'
    | 'ownOrder'
    | 'product'
    | 'productSlug'
    | 'productIds'
    | 'tower'
    | 'photo'
    | 'txid'
    | 'orderTotal'
    | 'email'
    | 'password'
    | 'coupon';
  i: number;
}
const ref = ($ref: Ref['$ref']) => fc.nat({ max: 1000 }).map((i): Ref => ({ $ref, i }));
const isRef = (v: unknown): v is Ref =>
  typeof v === 'object' && v !== null && typeof (v as Ref).$ref === 'string' && Object.keys(v).length === 2;

// ---------------------------------------------------------------------------------------------------
// Requests

type QueryPlan = { kind: 'pairs'; pairs: Array<[string, unknown]> } | { kind: 'raw'; text: string };

type BodyPlan =
  | { kind: 'json'; value: unknown; contentType?: string | null; encoding?: 'gzip' | 'deflate' | 'bogus' }
  /** JSON text of `value` with `insert` (raw JSON members) spliced in after its opening brace. */
  | { kind: 'splice'; value: unknown; insert: string; atEnd: boolean }
  | { kind: 'raw'; text: string; contentType?: string | null }
  /** Over the body limit: only its size is kept here, the text is built when it is sent. */
  | { kind: 'huge'; bytes: number };

export interface RequestSpec {
  variant: string;
  params: Record<string, unknown>;
  /** Path segments sent exactly as given (already percent-encoded or deliberately broken). */
  rawParams: Record<string, string>;
  query: QueryPlan;
  body?: BodyPlan | undefined;
  headers: Record<string, unknown>;
  /** Send a garbage session cookie instead of the identity's. */
  badCookie?: string | undefined;
}

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer | undefined;
}

/** Percent-encodes any string, even one with a lone surrogate (which encodeURIComponent refuses). */
export function encodeLoose(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    let out = '';
    for (const unit of value) {
      const code = unit.charCodeAt(0);
      if (unit.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        // The 3-byte form of a surrogate (CESU-8): invalid UTF-8, as a hostile client would send it.
        out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      } else out += encodeURIComponent(unit);
    }
    return out;
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const validCpfs = ['529.982.247-25', '52998224725', '111.444.777-35', '390.533.447-05'];
const validCnpjs = ['11.222.333/0001-81', '11222333000181', '45.997.418/0001-53'];
const cities = ['Brasília', 'sao paulo', 'Rio de Janeiro', 'BELO HORIZONTE', 'curitiba, pr', 'Goiânia', 'x'];

function bookableDates(leadBusinessDays: number): string[] {
  const earliest = earliestBookableStart(todayInBrasilia(), leadBusinessDays);
  return [0, 7, 14, 21, 35, 70, 140, 364].map((d) => addDays(earliest, d));
}

/** Better values for fields whose names say what they hold; the schema's own generator otherwise. */
function hintsFor(where: 'params' | 'query' | 'body' | 'headers', leadBusinessDays: number): Hint {
  const dates = bookableDates(leadBusinessDays);
  const edgeDates = ['9999-12-31', '0001-01-01', '2024-02-30', '2025-13-01', '1970-01-01', todayInBrasilia()];
  const date = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...dates) },
    { weight: 1, arbitrary: fc.constantFrom(...edgeDates) },
  );
  return (key, schema) => {
    // Mostly the hint, sometimes whatever the schema allows.
    const own = schemaArbitrary(schema);
    const mix = (...arbs: fc.Arbitrary<unknown>[]) =>
      fc.oneof(...arbs.map((arbitrary) => ({ weight: 4, arbitrary })), { weight: 1, arbitrary: own });
    switch (key) {
      case 'product_id':
      case 'productId':
        return mix(ref('product'), ref('product'));
      case 'product_ids':
        return fc.array(fc.oneof(ref('product'), fc.uuid(), hostileString), { maxLength: 5 });
      case 'tower_ids':
        return fc.oneof(
          { weight: 3, arbitrary: fc.constant([]) },
          { weight: 1, arbitrary: fc.array(ref('tower'), { maxLength: 3 }) },
          { weight: 1, arbitrary: own },
        );
      case 'start_date':
      case 'startDate':
      case 'inicio':
        return mix(date, date);
      case 'weeks':
      case 'semanas':
        return where === 'query' ? mix(fc.integer({ min: 1, max: 52 })) : fc.integer({ min: 1, max: 52 });
      case 'email':
        return mix(ref('email'), fc.emailAddress());
      case 'password':
        return mix(ref('password'));
      case 'document':
        return mix(fc.constantFrom(...validCpfs, ...validCnpjs));
      case 'cep':
        return mix(fc.constantFrom('70040-010', '01310100', '70040010'));
      case 'phone':
        return mix(fc.constantFrom('(61) 99999-0000', '6133334444'));
      case 'state':
        return mix(fc.constantFrom(...Object.keys(ufNames), 'df'));
      case 'slug':
        return mix(ref('productSlug'), ref('productSlug'));
      case 'id':
        return where === 'params' ? mix(ref('ownOrder'), ref('ownOrder'), ref('order')) : undefined;
      case 'name':
        return where === 'params' ? mix(ref('photo'), ref('photo')) : undefined;
      case 'txid':
        return mix(ref('txid'), ref('txid'));
      case 'amount':
        return mix(ref('orderTotal'), ref('orderTotal'));
      case 'type':
        return where === 'body' ? mix(fc.constant('pagamento.confirmado')) : undefined;
      case 'coupon_code':
        return fc.oneof(
          { weight: 3, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: ref('coupon') },
          { weight: 1, arbitrary: own },
        );
      case 'q':
      case 'local':
        return mix(fc.constantFrom(...cities), fc.constantFrom(...cities));
      case 'ids':
        return mix(ref('productIds'), ref('productIds'));
      case 'lat':
        return mix(fc.double({ min: -16.2, max: -15.4, noNaN: true }));
      case 'lng':
        return mix(fc.double({ min: -48.3, max: -47.5, noNaN: true }));
      case 'raio':
        return mix(fc.integer({ min: 1, max: 300 }));
      case 'preco_min':
      case 'preco_max':
        return mix(fc.integer({ min: 0, max: 200_000 }));
      case 'idempotency-key':
        return mix(fc.uuid());
      default:
        return undefined;
    }
  };
}

/**
 * Query parameters that only make sense together (the map's four bounds, a point): most requests send
 * the whole group or none of it, so that the search gets past its cross-field checks.
 */
const paramGroups: Array<{ keys: string[]; fill: fc.Arbitrary<Record<string, unknown>> }> = [
  {
    keys: ['norte', 'sul', 'leste', 'oeste'],
    fill: fc
      .tuple(
        fc.double({ min: -16.2, max: -15.4, noNaN: true }),
        fc.double({ min: -48.3, max: -47.5, noNaN: true }),
        fc.double({ min: 0.01, max: 2, noNaN: true }),
      )
      .map(([lat, lng, span]) => ({
        norte: lat + span,
        sul: lat - span,
        leste: lng + span,
        oeste: lng - span,
      })),
  },
  {
    keys: ['lat', 'lng'],
    fill: fc
      .tuple(fc.double({ min: -33, max: 5, noNaN: true }), fc.double({ min: -73, max: -34, noNaN: true }))
      .map(([lat, lng]) => ({ lat, lng })),
  },
];

function fixGroups(query: Record<string, unknown>, modes: string[]): fc.Arbitrary<Record<string, unknown>> {
  let result = fc.constant({ ...query });
  paramGroups.forEach((group, i) => {
    if (!group.keys.some((k) => k in query) && modes[i] !== 'todos') return;
    if (modes[i] === 'nenhum') {
      result = result.map((q) =>
        Object.fromEntries(Object.entries(q).filter(([k]) => !group.keys.includes(k))),
      );
    } else if (modes[i] === 'todos') {
      result = result.chain((q) => group.fill.map((values) => ({ ...q, ...values })));
    }
  });
  return result;
}

/** Every path to a value inside a JSON value (object keys and array indexes), the root included. */
function pathsOf(
  value: unknown,
  prefix: Array<string | number> = [],
  out: Array<Array<string | number>> = [],
) {
  out.push(prefix);
  if (out.length > 200) return out;
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === 'object' && !isRef(value))
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** `value` with the thing at one of its paths replaced (or removed when `replacement` is REMOVE). */
const REMOVE = Symbol('remove');
function rewriteAt(value: unknown, pick: number, replacement: unknown): unknown {
  const paths = pathsOf(value);
  const path = paths[pick % paths.length]!;
  if (path.length === 0) return replacement === REMOVE ? {} : replacement;
  const copy = clone(value) as Record<string | number, unknown>;
  let cursor = copy;
  for (const step of path.slice(0, -1)) cursor = cursor[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (replacement !== REMOVE) cursor[last] = replacement;
  else if (Array.isArray(cursor)) cursor.splice(Number(last), 1);
  else delete cursor[last];
  return copy;
}

function propertyNames(schema: JsonSchema | undefined): string[] {
  return Object.keys(schema?.properties ?? {});
}

/** The fast-check arbitrary of requests for one route: valid-shaped ones and every hostile variant. */
export function requestArbitrary(route: FuzzRoute, leadBusinessDays: number): fc.Arbitrary<RequestSpec> {
  const bodySchema = route.body ? inputJsonSchema(route.body) : undefined;
  const querySchema = route.querystring ? inputJsonSchema(route.querystring) : undefined;
  const paramsSchema = route.params ? inputJsonSchema(route.params) : undefined;
  const headersSchema = route.headers ? inputJsonSchema(route.headers) : undefined;

  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
  const paramsArb: fc.Arbitrary<Record<string, unknown>> = paramsSchema
    ? (schemaArbitrary(paramsSchema, hintsFor('params', leadBusinessDays)) as fc.Arbitrary<
        Record<string, unknown>
      >)
    : fc.record(
        Object.fromEntries(
          paramNames.map((n) => [
            n,
            n === '*' ? fc.constantFrom('index.html', 'swagger-ui.css', 'x.js', 'a/b') : fc.string(),
          ]),
        ),
      );
  const queryArb = querySchema
    ? schemaArbitrary(querySchema, hintsFor('query', leadBusinessDays)).chain((q) =>
        fc
          .array(fc.constantFrom('nenhum', 'todos', 'como-veio'), {
            minLength: paramGroups.length,
            maxLength: paramGroups.length,
          })
          .chain((modes) => fixGroups(q as Record<string, unknown>, modes)),
      )
    : fc.constant({});
  const bodyArb = bodySchema
    ? schemaArbitrary(bodySchema, hintsFor('body', leadBusinessDays))
    : fc.constant(undefined);
  const headersArb = headersSchema
    ? schemaArbitrary(headersSchema, hintsFor('headers', leadBusinessDays))
    : fc.constant({});
  const takesBody = BODY_METHODS.has(route.method);
  const queryNames = propertyNames(querySchema);
  const bodyNames = propertyNames(bodySchema);
  const paramKeys = paramNames;

  const base = fc.record({
    params: paramsArb,
    query: queryArb,
    body: bodyArb,
    headers: headersArb,
  });
  const toSpec = (
    b: { params: Record<string, unknown>; query: unknown; body: unknown; headers: unknown },
    variant: string,
  ): RequestSpec => ({
    variant,
    params: b.params,
    rawParams: {},
    query: { kind: 'pairs', pairs: Object.entries((b.query ?? {}) as Record<string, unknown>) },
    body: takesBody ? { kind: 'json', value: b.body ?? {} } : undefined,
    headers: (b.headers ?? {}) as Record<string, unknown>,
  });

  const variants: Array<{ weight: number; arbitrary: fc.Arbitrary<RequestSpec> }> = [
    { weight: 6, arbitrary: base.map((b) => toSpec(b, 'valido')) },
  ];
  const add = (weight: number, arbitrary: fc.Arbitrary<RequestSpec>) => variants.push({ weight, arbitrary });

  if (takesBody) {
    const withBody = (variant: string, make: (value: unknown) => fc.Arbitrary<BodyPlan>) =>
      base.chain((b) => make(b.body ?? {}).map((body) => ({ ...toSpec(b, variant), body })));
    add(
      4,
      withBody('campo-hostil', (v) =>
        fc
          .tuple(fc.nat(), hostileValue)
          .map(([pick, h]): BodyPlan => ({ kind: 'json', value: rewriteAt(v, pick, h) })),
      ),
    );
    add(
      2,
      withBody('campo-ausente', (v) =>
        fc.nat().map((pick): BodyPlan => ({ kind: 'json', value: rewriteAt(v, pick + 1, REMOVE) })),
      ),
    );
    add(
      2,
      withBody('chaves-proto', (v) =>
        fc
          .constantFrom(
            '"__proto__":{"tipo_usuario":"admin","isAdmin":true}',
            '"constructor":{"prototype":{"isAdmin":true}}',
            '"prototype":{"x":1}',
            '"__proto__":null',
            '"__proto__":[]',
            '"constructor":"x"',
          )
          .chain((insert) =>
            fc.boolean().map((atEnd): BodyPlan => ({ kind: 'splice', value: v, insert, atEnd })),
          ),
      ),
    );
    add(
      2,
      withBody('chave-repetida', (v) =>
        fc
          .tuple(fc.constantFrom(...(bodyNames.length ? bodyNames : ['x'])), hostileValue, fc.boolean())
          .map(([key, h, atEnd]): BodyPlan => ({
            kind: 'splice',
            value: v,
            insert: `${JSON.stringify(key)}:${JSON.stringify(h) ?? 'null'}`,
            atEnd,
          })),
      ),
    );
    add(
      1,
      withBody('numero-enorme', (v) =>
        fc
          .tuple(
            fc.constantFrom(...(bodyNames.length ? bodyNames : ['x'])),
            fc.constantFrom(...rawHugeNumbers),
          )
          .map(([key, n]): BodyPlan => ({
            kind: 'splice',
            value: v,
            insert: `${JSON.stringify(key)}:${n}`,
            atEnd: true,
          })),
      ),
    );
    add(
      1,
      withBody('aninhado', (v) =>
        fc
          .tuple(fc.constantFrom(10, 100, 1000, 10_000, 100_000), fc.boolean(), fc.boolean())
          .map(([depth, arrays, asField]): BodyPlan => {
            const nested = arrays ? nestedArraysText(depth) : nestedObjectsText(depth);
            if (!asField) return { kind: 'raw', text: nested, contentType: 'application/json' };
            return { kind: 'splice', value: v, insert: `"${bodyNames[0] ?? 'x'}":${nested}`, atEnd: true };
          }),
      ),
    );
    add(
      1,
      withBody('array-no-lugar-de-objeto', (v) =>
        fc.constantFrom<BodyPlan>({ kind: 'json', value: [v] }, { kind: 'json', value: [] }),
      ),
    );
    add(
      1,
      withBody('escalar', () =>
        fc
          .constantFrom('"texto"', '0', '-0', '1e308', 'null', 'true', '""', '[]')
          .map((text): BodyPlan => ({ kind: 'raw', text, contentType: 'application/json' })),
      ),
    );
    add(
      2,
      withBody('json-invalido', (v) =>
        fc.oneof(
          fc
            .constantFrom(...invalidJsonTexts)
            .map((text): BodyPlan => ({ kind: 'raw', text, contentType: 'application/json' })),
          fc.nat().map((cut): BodyPlan => {
            const text = JSON.stringify(v) ?? '{}';
            return {
              kind: 'raw',
              text: text.slice(0, cut % Math.max(1, text.length)),
              contentType: 'application/json',
            };
          }),
        ),
      ),
    );
    add(
      1,
      withBody('grande-demais', () =>
        fc
          .constantFrom(1024 * 1024 + 1, 2 * 1024 * 1024, (route.bodyLimit ?? 1024 * 1024) + 10)
          .map((bytes): BodyPlan => ({ kind: 'huge', bytes })),
      ),
    );
    add(
      2,
      withBody('content-type', (v) =>
        fc
          .constantFrom<string | null>(...hostileContentTypes, null)
          .map((contentType): BodyPlan => ({ kind: 'json', value: v, contentType })),
      ),
    );
    add(
      1,
      withBody('content-encoding', (v) =>
        fc
          .constantFrom<'gzip' | 'deflate' | 'bogus'>('gzip', 'deflate', 'bogus')
          .map((encoding): BodyPlan => ({ kind: 'json', value: v, encoding })),
      ),
    );
    add(
      1,
      withBody('corpo-vazio', () =>
        fc.constantFrom<BodyPlan>(
          { kind: 'raw', text: '', contentType: 'application/json' },
          { kind: 'raw', text: '', contentType: null },
          { kind: 'raw', text: ' ', contentType: 'application/json' },
        ),
      ),
    );
  }

  // Querystrings: every route reads one (even an empty schema), so every route gets these.
  const queryKeys = queryNames.length ? queryNames : ['q', 'x'];
  add(
    2,
    base.chain((b) =>
      fc.tuple(fc.constantFrom(...queryKeys), hostileValue).map(([key, h]) => {
        const spec = toSpec(b, 'query-hostil');
        const pairs = spec.query.kind === 'pairs' ? spec.query.pairs.filter(([k]) => k !== key) : [];
        return {
          ...spec,
          query: { kind: 'pairs' as const, pairs: [...pairs, [key, h] as [string, unknown]] },
        };
      }),
    ),
  );
  add(
    1,
    base.chain((b) =>
      fc
        .tuple(
          fc.constantFrom(...queryKeys),
          fc.constantFrom('repetido', 'colchetes', 'objeto', 'muitos'),
          fc.string({ maxLength: 8 }),
        )
        .map(([key, how, value]) => {
          const spec = toSpec(b, 'query-repetida');
          const pairs = spec.query.kind === 'pairs' ? [...spec.query.pairs] : [];
          const text = pairs.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(String(v))}`);
          if (how === 'repetido') text.push(`${key}=${encodeLoose(value)}`, `${key}=1`, `${key}=`);
          if (how === 'colchetes') text.push(`${key}[]=1`, `${key}[]=2`, `${key}[a]=1`);
          if (how === 'objeto')
            text.push(`${key}[__proto__][x]=1`, `__proto__=1`, `constructor[prototype]=1`);
          if (how === 'muitos') for (let i = 0; i < 2000; i++) text.push(`p${i}=${i}`);
          return { ...spec, query: { kind: 'raw' as const, text: text.join('&') } };
        }),
    ),
  );
  add(
    1,
    base.chain((b) =>
      fc
        .constantFrom(
          '%',
          '%E0%A4%A',
          'a=%00',
          `${queryKeys[0]}=%FF%FE`,
          `${queryKeys[0]}=%ED%A0%80`,
          '&&&==&',
          `${queryKeys[0]}==`,
          `${queryKeys[0]}=${'a'.repeat(20_000)}`,
          `${queryKeys[0]}=1e308`,
          `${queryKeys[0]}=-0`,
          `${queryKeys[0]}=123456789012345678901234567890`,
          `${queryKeys[0]}=0x10`,
          `${queryKeys[0]}=%20%201%20`,
          `${queryKeys[0]}=Infinity`,
          `${queryKeys[0]}=NaN`,
        )
        .map((text) => ({ ...toSpec(b, 'query-crua'), query: { kind: 'raw' as const, text } })),
    ),
  );

  if (paramKeys.length) {
    add(
      3,
      base.chain((b) =>
        fc
          .tuple(
            fc.constantFrom(...paramKeys),
            fc.oneof(
              fc.constantFrom(...hostileSegments),
              hostileString.map((s) => encodeLoose(s) || '%20'),
              fc.constantFrom(...nastyStrings).map((s) => encodeLoose(s) || '%00'),
            ),
          )
          .map(([key, raw]) => ({ ...toSpec(b, 'param-hostil'), rawParams: { [key]: raw } })),
      ),
    );
  }

  add(
    2,
    base.chain((b) =>
      fc
        .tuple(
          fc.constantFrom(
            'cookie-lixo',
            'cookie-longo',
            'origem-externa',
            'sec-fetch-site',
            'idempotency-key',
            'accept',
          ),
          hostileString,
        )
        .map(([how, h]) => {
          const spec = toSpec(b, 'cabecalho-hostil');
          const headers = { ...spec.headers };
          let badCookie: string | undefined;
          if (how === 'cookie-lixo') badCookie = `urbana_sessao=${encodeLoose(h).slice(0, 200)}`;
          if (how === 'cookie-longo') badCookie = `urbana_sessao=${'a'.repeat(8000)}; outro=1`;
          if (how === 'origem-externa') headers.origin = 'https://atacante.example';
          if (how === 'sec-fetch-site') headers['sec-fetch-site'] = 'cross-site';
          if (how === 'idempotency-key') headers['idempotency-key'] = h;
          if (how === 'accept') headers.accept = 'application/xml';
          return { ...spec, headers, badCookie };
        }),
    ),
  );

  return fc.oneof(...variants);
}

// ---------------------------------------------------------------------------------------------------
// Checks

/** English that Fastify, zod or a library would write; zod's pt-BR locale texts do not match. */
export const ENGLISH =
  /\b(must|expected|invalid|required|Bad Request|Not Found|Unauthorized|Forbidden|Internal Server Error|Too Many|Payload Too Large|Unsupported Media|body\/|querystring|params\/|headers\/|is not|should|cannot|error)\b|FST_/i;

export interface Violation {
  route: string;
  identity: IdentityName;
  variant: string;
  /** fast-check run index of the route (replay it with FUZZ_ROUTE and FUZZ_PATH). */
  run: number;
  seed: number;
  status: number;
  problem: string;
  request: string;
}

export interface RouteStats {
  requests: number;
  statuses: Record<number, number>;
  /** Statuses per identity: shows that protected routes were reached past their guard. */
  byIdentity: Record<IdentityName, Record<number, number>>;
  variants: Record<string, number>;
}

export interface FuzzOptions {
  seed: number;
  /** Requests to send in all (each generated request goes out three times, once per identity). */
  requests: number;
  /** Only these route keys ("GET /api/search"). */
  only?: string[] | undefined;
  /** Replay one fast-check run of each route (its index). */
  path?: string | undefined;
  /** Called after each route. */
  onRouteDone?: (route: string, stats: RouteStats) => void;
  /** Stop after this many violations. */
  maxViolations?: number;
}

export interface FuzzResult {
  requests: number;
  perRoute: Map<string, RouteStats>;
  violations: Violation[];
  routes: FuzzRoute[];
  /** Refused requests that wrote something and were checked with a full digest. */
  digests: number;
}

/** A 32-bit hash (FNV-1a) of a route key, so that each route has its own seed. */
export function routeSeed(seed: number, key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h ^ seed) | 0;
}

export function describeRequest(request: SentRequest, max = 600): string {
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? ` <${request.payload.length} bytes>`
        : ` ${request.payload.length > max ? `${request.payload.slice(0, max)}… (${request.payload.length} chars)` : request.payload}`;
  const url =
    request.url.length > max ? `${request.url.slice(0, max)}… (${request.url.length} chars)` : request.url;
  const headers = Object.entries(request.headers)
    .map(([k, v]) => `${k}: ${v.length > 120 ? `${v.slice(0, 120)}…` : v}`)
    .join('; ');
  return `${request.method} ${url} [${headers}]${payload}`;
}

// ---------------------------------------------------------------------------------------------------
// The engine

export class FuzzEngine {
  readonly identities = new Map<IdentityName, Identity>();
  private pools: Pools = { products: [], towers: [], photos: [], orders: [], coupons: [] };
  private readonly watcher: DbDigest;
  private xmax = '';
  private digest: Digest = {};
  private ipCounter = 0;
  digests = 0;

  constructor(
    private readonly ctx: TestContext,
    readonly routes: FuzzRoute[],
  ) {
    this.watcher = new DbDigest(ctx.database.db);
  }

  get db() {
    return this.ctx.database.db;
  }

  setIdentity(identity: Identity): void {
    this.identities.set(identity.name, identity);
  }

  async refreshPools(): Promise<void> {
    const rows = async <T>(text: string) => (await this.db.execute(text as never)).rows as T[];
    this.pools = {
      products: await rows(`select id::text, slug from products order by id`),
      towers: await rows(`select id::text, product_id::text from towers order by id`),
      photos: (await rows<{ k: string }>(`select storage_key as k from product_photos order by k`)).map((r) =>
        r.k.replace(/^catalogo\//, ''),
      ),
      orders: await rows(`select id::text, user_id::text, payment_reference, total from orders order by id`),
      coupons: (await rows<{ code: string }>(`select code from coupons order by code`)).map((r) => r.code),
    };
  }

  private resolve(value: unknown, identity: Identity): unknown {
    if (isRef(value)) return this.resolveRef(value, identity);
    if (Array.isArray(value)) return value.map((v) => this.resolve(v, identity));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.resolve(v, identity)]));
    }
    return value;
  }

  private resolveRef(r: Ref, identity: Identity): unknown {
    const pick = <T>(list: T[]): T | undefined => (list.length ? list[r.i % list.length] : undefined);
    const cliente = this.identities.get('cliente');
    const own = this.pools.orders.filter((o) => o.user_id === (identity.user ?? cliente?.user)?.id);
    switch (r.$ref) {
      case 'order':
        return pick(this.pools.orders)?.id ?? '00000000-0000-4000-8000-000000000000';
      case 'ownOrder':
        return (pick(own) ?? pick(this.pools.orders))?.id ?? '00000000-0000-4000-8000-000000000000';
      case 'product':
        return pick(this.pools.products)?.id ?? 'sem-produto';
      case 'productSlug':
        return pick(this.pools.products)?.slug ?? 'sem-produto';
      case 'productIds':
        return this.pools.products
          .slice(r.i % Math.max(1, this.pools.products.length), (r.i % 7) + 3)
          .map((p) => p.id)
          .join(',');
      case 'tower':
        return pick(this.pools.towers)?.id ?? '00000000-0000-4000-8000-000000000000';
      case 'photo':
        return pick(this.pools.photos) ?? 'foto.webp';
      case 'txid':
        return pick(this.pools.orders)?.payment_reference ?? 'txid';
      case 'orderTotal':
        return pick(this.pools.orders)?.total ?? 0;
      case 'email':
        return (identity.email ?? cliente?.email) as string;
      case 'password':
        return (identity.password ?? cliente?.password) as string;
      case 'coupon':
        return pick(this.pools.coupons) ?? 'CUPOM';
    }
  }

  /** The request as it goes on the wire for this identity. */
  build(route: FuzzRoute, spec: RequestSpec, identity: Identity): SentRequest {
    const params = this.resolve(spec.params, identity) as Record<string, unknown>;
    const url = route.url.replace(/:([A-Za-z0-9_]+)|\*/g, (_m, name: string | undefined) => {
      const key = name ?? '*';
      if (spec.rawParams[key] !== undefined) return spec.rawParams[key];
      const value = String(params[key] ?? '');
      return key === '*' ? value.split('/').map(encodeLoose).join('/') : encodeLoose(value);
    });
    let query = '';
    if (spec.query.kind === 'raw') query = spec.query.text;
    else {
      const pairs = this.resolve(spec.query.pairs, identity) as Array<[string, unknown]>;
      query = pairs
        .filter(([, v]) => v !== undefined)
        .flatMap(([k, v]) =>
          (Array.isArray(v) ? v : [v]).map(
            (item) =>
              `${encodeLoose(k)}=${encodeLoose(typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))}`,
          ),
        )
        .join('&');
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.resolve(spec.headers, identity) as Record<string, unknown>)) {
      if (v === undefined || v === null) continue;
      // Header values are Latin-1 on the wire: anything else is percent-encoded, as a client library would.
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      headers[k] = /^[\x20-\x7e]*$/.test(text) ? text : encodeLoose(text);
    }
    if (spec.badCookie) headers.cookie = spec.badCookie;
    else if (identity.cookie) headers.cookie = identity.cookie;

    let payload: string | Buffer | undefined;
    const body = spec.body;
    if (body) {
      const setType = (type: string | null | undefined) => {
        if (type === null) return;
        headers['content-type'] = type ?? 'application/json';
      };
      if (body.kind === 'json') {
        const text = JSON.stringify(this.resolve(body.value, identity)) ?? 'null';
        setType(body.contentType);
        if (body.encoding === 'gzip') {
          headers['content-encoding'] = 'gzip';
          payload = gzipSync(text);
        } else if (body.encoding === 'deflate') {
          // Claims deflate but is not compressed at all.
          headers['content-encoding'] = 'deflate';
          payload = text;
        } else if (body.encoding === 'bogus') {
          headers['content-encoding'] = 'x-urbana-desconhecido';
          payload = text;
        } else payload = text;
      } else if (body.kind === 'splice') {
        const resolved = this.resolve(body.value, identity);
        const isObject = resolved && typeof resolved === 'object' && !Array.isArray(resolved);
        const text = JSON.stringify(isObject ? resolved : {})!;
        const inner = text.slice(1, -1);
        payload = body.atEnd
          ? `{${inner}${inner ? ',' : ''}${body.insert}}`
          : `{${body.insert}${inner ? ',' : ''}${inner}}`;
        setType(undefined);
      } else if (body.kind === 'raw') {
        payload = body.text;
        setType(body.contentType);
      } else {
        payload = `{"x":"${'a'.repeat(body.bytes)}"}`;
        setType(undefined);
      }
    }
    return { method: route.method, url: query ? `${url}?${query}` : url, headers, payload };
  }

  private nextIp(): string {
    this.ipCounter += 1;
    const n = this.ipCounter;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  /** Waits for the e-mail outbox, which a successful request may have kicked off. */
  private async settle(): Promise<void> {
    await this.ctx.app.deps.outbox.kick();
  }

  async baseline(): Promise<void> {
    await this.settle();
    this.xmax = await this.watcher.xmax();
    this.digest = await this.watcher.digest();
  }

  /** A fresh session for an identity (its old one was ended by the request). */
  private async renewSession(identity: Identity): Promise<void> {
    if (!identity.user) return;
    const session = await createSession(this.ctx.app.deps, identity.user, { ip: '127.0.0.1' });
    identity.cookie = `urbana_sessao=${session.token}`;
  }

  /** Sends one request and checks the answer and the database. Returns the problems found. */
  async send(
    route: FuzzRoute,
    spec: RequestSpec,
    identity: Identity,
  ): Promise<{ status: number; problems: string[]; request: SentRequest }> {
    const request = this.build(route, spec, identity);
    const problems: string[] = [];
    const streaming = STREAMING_ROUTES.has(route.key);
    let response: Awaited<ReturnType<typeof this.ctx.app.inject>>;
    try {
      response = await this.ctx.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
        remoteAddress: this.nextIp(),
        // An accepted event stream never ends: it is let go after a moment (the app ends it on close).
        ...(streaming ? { signal: AbortSignal.timeout(STREAM_WAIT_MS) } : {}),
      });
    } catch (error) {
      if (!streaming || !(error instanceof Error) || !/abort/i.test(`${error.name} ${error.message}`)) {
        throw error;
      }
      // Still open when let go: the stream was accepted (its own tests check what it sends).
      return { status: 200, problems, request };
    }
    const status = response.statusCode;
    if (status >= 500) problems.push(`resposta ${status}: ${response.body.slice(0, 300)}`);
    const refused = status >= 400 && status < 500;
    if (refused && request.method !== 'HEAD') {
      let body: unknown;
      try {
        body = response.json();
      } catch {
        problems.push(`corpo de erro não é JSON: ${response.body.slice(0, 200)}`);
      }
      if (body !== undefined) {
        const message = (body as { message?: unknown }).message;
        const keys = body && typeof body === 'object' ? Object.keys(body) : [];
        if (typeof message !== 'string' || message.trim() === '' || keys.join() !== 'message') {
          problems.push(`corpo de erro não é { message }: ${response.body.slice(0, 200)}`);
        } else if (ENGLISH.test(message)) {
          problems.push(`mensagem em inglês: ${message}`);
        }
      }
      if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) {
        problems.push(`content-type do erro: ${String(response.headers['content-type'])}`);
      }
    }

    const xmax = await this.watcher.xmax();
    if (xmax !== this.xmax) {
      await this.settle();
      const after = await this.watcher.digest();
      if (refused) {
        this.digests += 1;
        const sentSession = Boolean(identity.cookie) && !spec.badCookie;
        const changed = DbDigest.changed(this.digest, after).filter(
          (t) => !(t === SESSION_TOUCH && sentSession),
        );
        if (changed.length) problems.push(`recusada (${status}) mas alterou o banco: ${changed.join(', ')}`);
      }
      this.digest = after;
      this.xmax = await this.watcher.xmax();
    }

    // Signing out (or any answer that ends the identity's session) needs a new session for the next call.
    const cleared = ([] as string[])
      .concat((response.headers['set-cookie'] as string | string[] | undefined) ?? [])
      .some((c) => c.startsWith('urbana_sessao=;'));
    if (cleared && identity.cookie && !spec.badCookie) {
      await this.renewSession(identity);
      await this.baseline();
    }
    return { status, problems, request };
  }

  /** Runs `options.requests` requests spread over the routes (HEAD routes get a quarter share). */
  async run(options: FuzzOptions): Promise<FuzzResult> {
    const routes = this.routes.filter(
      (r) => !ACCOUNT_ENDING_ROUTES.has(r.key) && (!options.only?.length || options.only.includes(r.key)),
    );
    const weight = (r: FuzzRoute) => (r.method === 'HEAD' ? 0.25 : 1);
    const totalWeight = routes.reduce((s, r) => s + weight(r), 0);
    const specsWanted = Math.ceil(options.requests / IDENTITIES.length);
    // Each route's share (at least 3: with more routes, 2 left a guarded list without one well-formed
    // request for the identity allowed to read it), then the rounding remainder to the first routes.
    const shares = routes.map((r) => Math.max(3, Math.floor((specsWanted * weight(r)) / totalWeight)));
    for (let i = 0; shares.reduce((s, n) => s + n, 0) < specsWanted; i = (i + 1) % routes.length)
      shares[i]! += 1;
    const perRoute = new Map<string, RouteStats>();
    const violations: Violation[] = [];
    const lead = this.ctx.config.leadBusinessDays;
    let requests = 0;
    await this.refreshPools();
    await this.baseline();

    for (const [routeIndex, route] of routes.entries()) {
      const numRuns = shares[routeIndex]!;
      const stats: RouteStats = {
        requests: 0,
        statuses: {},
        byIdentity: { anonimo: {}, cliente: {}, admin: {} },
        variants: {},
      };
      perRoute.set(route.key, stats);
      const seed = routeSeed(options.seed, route.key);
      let run = options.path ? Number(options.path.split(':')[0]) : 0;
      await this.refreshPools();
      const property = fc.asyncProperty(requestArbitrary(route, lead), async (spec) => {
        const index = run++;
        for (const name of IDENTITIES) {
          if (options.maxViolations && violations.length >= options.maxViolations) return true;
          const identity = this.identities.get(name) ?? { name };
          const { status, problems, request } = await this.send(route, spec, identity);
          requests += 1;
          stats.requests += 1;
          stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
          stats.byIdentity[name][status] = (stats.byIdentity[name][status] ?? 0) + 1;
          stats.variants[spec.variant] = (stats.variants[spec.variant] ?? 0) + 1;
          for (const problem of problems) {
            violations.push({
              route: route.key,
              identity: name,
              variant: spec.variant,
              run: index,
              seed: options.seed,
              status,
              problem,
              request: describeRequest(request),
            });
          }
        }
        return true;
      });
      const details = await fc.check(property, {
        seed,
        // A replay runs the one request at `path`.
        numRuns: options.path ? 1 : numRuns,
        endOnFailure: true,
        ...(options.path ? { path: options.path } : {}),
      });
      if (details.failed && details.errorInstance) {
        // The property itself threw (a bug in the engine or an inject failure): report it as such.
        violations.push({
          route: route.key,
          identity: 'anonimo',
          variant: 'motor',
          run: run - 1,
          seed: options.seed,
          status: 0,
          problem: `erro no fuzz: ${String(details.errorInstance)}`,
          request: safeJson(details.counterexample).slice(0, 600),
        });
      }
      options.onRouteDone?.(route.key, stats);
    }
    return { requests, perRoute, violations, routes, digests: this.digests };
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch (error) {
    return String(error);
  }
}

export function formatViolation(v: Violation): string {
  return [
    `${v.route} como ${v.identity} (${v.variant}) → ${v.status}: ${v.problem}`,
    `  requisição: ${v.request}`,
    `  reproduzir: FUZZ_SEED=${v.seed} FUZZ_ROUTE='${v.route}' FUZZ_PATH=${v.run} npm run fuzz`,
  ].join('\n');
}
