/**
 * The web's typed calls to the API, from the endpoint table in packages/shared (issue #45): the path,
 * its parameters, its query, the body's type and the answer's type all come from the endpoint's entry,
 * so no `/api/…` string is written in the web app. The web holds each endpoint as the generated
 * `./endpoints/<group>.ts` has it (method and path; the schemas only as types). Decisions 119, 121.
 */
import {
  endpointUrl,
  type AnswerOf,
  type BodyIn,
  type ClientEndpoint,
  type Endpoint,
  type EntryOf,
  type ParamsIn,
  type QueryIn,
} from '@urbana/shared';
import { api, apiFile, apiUpload, type ApiFile, type ApiInit, type ApiUpload } from './api-client.ts';

type IfDeclared<T, Present, Absent = unknown> = [T] extends [never] ? Absent : Present;

/**
 * What a call sends: `params` and `body` when the endpoint has them (a body that may be absent is
 * optional), `query` when it takes one — its values, or the search a page's address already holds
 * (sent as it is; the server's schema checks it).
 */
export type CallInput<E extends Endpoint> = IfDeclared<ParamsIn<E>, { params: ParamsIn<E> }> &
  IfDeclared<QueryIn<E>, { query?: QueryIn<E> | URLSearchParams }> &
  IfDeclared<BodyIn<E>, undefined extends BodyIn<E> ? { body?: BodyIn<E> } : { body: BodyIn<E> }> &
  Pick<ApiInit, 'headers' | 'signal'>;

type Args<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];
/** The arguments of a call to the web endpoint `C`. */
type ArgsOf<C extends ClientEndpoint> = Args<EntryOf<C>>;

type Loose = Parameters<typeof endpointUrl>;

/** The endpoint's URL with its parameters and query: for links (`<a href>`) and downloads. */
export function hrefOf<C extends ClientEndpoint>(e: C, ...[input]: ArgsOf<C>): string {
  const { params, query } = (input ?? {}) as { params?: Loose[1]; query?: Loose[2] | URLSearchParams };
  if (!(query instanceof URLSearchParams)) return endpointUrl(e, params, query);
  const path = endpointUrl(e, params);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

function initOf(e: ClientEndpoint, input: object | undefined): ApiInit {
  const { body, headers, signal } = (input ?? {}) as ApiInit;
  return { method: e.method, body, headers, signal };
}

/** Calls the endpoint and reads its JSON answer (undefined for 204). */
export function call<C extends ClientEndpoint>(e: C, ...args: ArgsOf<C>): Promise<AnswerOf<EntryOf<C>>> {
  return api<AnswerOf<EntryOf<C>>>(hrefOf(e, ...args), initOf(e, args[0]));
}

/** Calls an endpoint that answers with a file (a PDF, a CSV, an XML). */
export function callFile<C extends ClientEndpoint>(e: C, ...args: ArgsOf<C>): Promise<ApiFile> {
  return apiFile(hrefOf(e, ...args), initOf(e, args[0]));
}

/** Sends a file as the request body with its progress (an upload endpoint). */
export function uploadTo<C extends ClientEndpoint>(
  e: C,
  file: Blob,
  options: {
    params?: Record<string, string>;
    headers?: Record<string, string>;
    onProgress: (f: number) => void;
  },
): ApiUpload<AnswerOf<EntryOf<C>>> {
  return apiUpload<AnswerOf<EntryOf<C>>>(endpointUrl(e, options.params), file, options);
}
