import { expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from '../helpers.ts';
import { ctx, w, type World } from './setup.ts';
import type { Person } from './world.ts';

/** The people of the world, by the name the tables use for them. */
export type Who = { [K in keyof World]: World[K] extends Person ? K : never }[keyof World];
type Body = InjectOptions['payload'] | object;

/** One row of a "this request, sent by this person, gets this status" table. */
export interface RequestRow {
  label: string;
  /** Who sends it (their session cookie); nobody when left out. */
  who?: Who;
  method: InjectOptions['method'];
  /** A function when the URL names something of the world (an id, a slug). */
  url: string | ((w: World) => string);
  headers?: Record<string, string> | ((w: World) => Record<string, string>);
  body?: Body | ((w: World) => Body);
  status: number;
}

/** Sends a row's request to the test app, as its person. */
export function sendRow(row: RequestRow): Promise<LightMyRequestResponse> {
  return inject(ctx, {
    method: row.method,
    url: typeof row.url === 'function' ? row.url(w) : row.url,
    cookie: row.who ? w[row.who].cookie : undefined,
    ...(row.headers ? { headers: typeof row.headers === 'function' ? row.headers(w) : row.headers } : {}),
    ...(row.body === undefined
      ? {}
      : { payload: (typeof row.body === 'function' ? row.body(w) : row.body) as InjectOptions['payload'] }),
  });
}

/**
 * One test per row (`%s` in the title is the row's label): the request gets the row's status, then
 * `also` checks the rest of the answer.
 */
export function itAnswers<R extends RequestRow>(
  title: string,
  rows: R[],
  also?: (res: LightMyRequestResponse, row: R) => void | Promise<void>,
) {
  it.each(rows.map((row) => [row.label, row] as const))(title, async (_label, row) => {
    const res = await sendRow(row);
    expect(res.statusCode, res.body).toBe(row.status);
    await also?.(res, row);
  });
}
