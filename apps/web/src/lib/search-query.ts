/**
 * A screen's address query (`status=pago&page=2`, as the filters wrote it) read as an endpoint's query,
 * for `call()` and `hrefOf()`: a repeated key becomes a list. The server's schema checks the values.
 */
import type { ClientEndpoint, Endpoint, QueryIn } from '@urbana/shared';

export function queryFromSearch<E extends Endpoint>(
  _endpoint: ClientEndpoint<E>,
  search: string,
): QueryIn<E> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query as QueryIn<E>;
}
