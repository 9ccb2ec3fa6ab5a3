import type { z } from 'zod';

type Json = z.infer<ReturnType<typeof z.json>>;

/** What a value becomes on the wire: dates as ISO text, stored JSON as JSON. */
export type Wire<T> = unknown extends T
  ? Json
  : T extends Date
    ? string
    : T extends Array<infer U>
      ? Array<Wire<U>>
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

/**
 * The answer as JSON would carry it, so it can pass the shared response schema
 * (docs/decisions/037-one-contract-per-endpoint.md): services hand back the database's Date objects,
 * and JSON.stringify wrote them as ISO text before the admin answers had schemas.
 */
export function toWire<T>(value: T): Wire<T> {
  return JSON.parse(JSON.stringify(value)) as Wire<T>;
}
