/**
 * The endpoint table's shape (issue #45): each endpoint of the API is declared once, here in
 * packages/shared — method, path, params, query, body, answer and, for staff screens, the admin
 * section whose guard applies. Fastify registers the route from it (apps/api/src/lib/endpoint-route.ts:
 * its schemas, its guard, its OpenAPI summary) and the web calls it through a typed function
 * (apps/web/src/lib/endpoint-call.ts), so no endpoint string is written anywhere else.
 * docs/decisions/119-endpoint-table.md.
 */
import type { z } from 'zod';
import type { AdminSection } from '../permissions.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  readonly method: HttpMethod;
  /** The whole path, `:name` for each parameter, e.g. `/api/orders/:id`. */
  readonly path: `/api${string}`;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers the endpoint reads (e.g. Idempotency-Key), validated like the rest. */
  readonly headers?: z.ZodType;
  /** The body of a successful answer; absent when it is a file, a stream or nothing (204). */
  readonly answer?: z.ZodType;
  /** The success status: 200 unless said; 302 and 303 for a redirect (no body, like 204). */
  readonly status?: 200 | 201 | 202 | 204 | 302 | 303;
  /** A staff endpoint: the section of docs/spec/product.md §1 whose guard applies. */
  readonly section?: AdminSection;
  /** One line for the API's documentation (OpenAPI summary). */
  readonly summary: string;
  readonly tags?: readonly string[];
}

/** Declares one endpoint, keeping its literal types. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller sends (the schemas' input: before defaults and coercion). */
export type ParamsIn<E extends Endpoint> = Input<E['params']>;
export type QueryIn<E extends Endpoint> = Input<E['query']>;
export type BodyIn<E extends Endpoint> = Input<E['body']>;
/** What the route's handler receives (after defaults and coercion). */
export type ParamsOut<E extends Endpoint> = E['params'] extends z.ZodType ? Output<E['params']> : unknown;
export type QueryOut<E extends Endpoint> = E['query'] extends z.ZodType ? Output<E['query']> : unknown;
export type BodyOut<E extends Endpoint> = E['body'] extends z.ZodType ? Output<E['body']> : unknown;
export type HeadersOut<E extends Endpoint> = E['headers'] extends z.ZodType ? Output<E['headers']> : unknown;
/** What the handler returns (before serialisation) and what the caller reads. */
export type AnswerIn<E extends Endpoint> = E['answer'] extends z.ZodType ? Input<E['answer']> : unknown;
export type AnswerOf<E extends Endpoint> = E['answer'] extends z.ZodType ? Output<E['answer']> : void;

type Scalar = string | number | boolean | null | undefined;

/** A query's values as the URL carries them: arrays repeat their key; empty values are left out. */
export function querySearch(query: Record<string, Scalar | readonly Scalar[]> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one === undefined || one === null || one === '') continue;
      search.append(key, String(one));
    }
  }
  return search.toString();
}

/** The URL of an endpoint: its parameters put in (encoded) and its query after `?`. */
export function endpointUrl(
  e: Pick<Endpoint, 'path'>,
  params?: Record<string, string | number>,
  query?: Record<string, Scalar | readonly Scalar[]>,
): string {
  const path = e.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${e.path}: falta o parâmetro ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = querySearch(query);
  return search ? `${path}?${search}` : path;
}

/**
 * What the web holds of an endpoint at run time: its method and path (apps/web/src/lib/endpoints/,
 * generated from the table); the entry with its schemas only as a type, so that no schema of the
 * table reaches the browser's bundle.
 */
export interface ClientEndpoint<E extends Endpoint = Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Never present at run time: carries the entry's types. */
  readonly entry?: E;
}

/** The table as the web holds it: the same shape, each endpoint its `ClientEndpoint`. */
export type ClientTable<T> = T extends Endpoint
  ? ClientEndpoint<T>
  : { readonly [K in keyof T]: ClientTable<T[K]> };

/** The entry a web endpoint stands for (an entry stands for itself). */
export type EntryOf<C> = C extends Endpoint ? C : C extends ClientEndpoint<infer E> ? E : never;
