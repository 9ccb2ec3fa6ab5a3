/**
 * Urbana's client of the API Pix (Banco Central, 2.9.0): the few operations a marketplace uses. Every
 * body is checked against the schemas written from the spec before it leaves (a wrong body is a bug of
 * ours, never sent), and every answer is read through them.
 */
import type { z } from 'zod';
import {
  createTransport,
  parseJson,
  PixPspUnreachableError,
  refusalOrFailure,
  type ApiPixOptions,
} from './http.ts';
import {
  cobAnswerSchema,
  cobPatchSchema,
  cobRequestSchema,
  cobvAnswerSchema,
  cobvRequestSchema,
  devolucaoIdSchema,
  devolucaoRequestSchema,
  devolucaoSchema,
  endToEndIdSchema,
  pixListSchema,
  pixSchema,
  txidSchema,
  webhookRequestSchema,
  type CobAnswer,
  type CobPatch,
  type CobRequest,
  type CobvAnswer,
  type CobvRequest,
  type Devolucao,
  type DevolucaoRequest,
  type Pix,
} from './schemas.ts';

export interface ApiPixClient {
  putCob(txid: string, body: CobRequest): Promise<CobAnswer>;
  getCob(txid: string): Promise<CobAnswer>;
  patchCob(txid: string, body: CobPatch): Promise<CobAnswer>;
  putCobv(txid: string, body: CobvRequest): Promise<CobvAnswer>;
  getCobv(txid: string): Promise<CobvAnswer>;
  /** Every Pix received between two instants, all pages read. */
  listPix(inicio: Date, fim: Date, options?: { txid?: string; pageSize?: number }): Promise<Pix[]>;
  getPix(endToEndId: string): Promise<Pix>;
  putDevolucao(endToEndId: string, id: string, body: DevolucaoRequest): Promise<Devolucao>;
  getDevolucao(endToEndId: string, id: string): Promise<Devolucao>;
  putWebhook(chave: string, webhookUrl: string): Promise<void>;
  readonly tokensFetched: number;
  close(): void;
}

/** Parses an answer with one of the spec's schemas; an answer outside them is not the protocol. */
function read<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new PixPspUnreachableError(
      `PSP respondeu ${what} fora do formato da API Pix: ${parsed.error.message}`,
    );
  return parsed.data;
}

/** GET /pix page after page (`paginacao.paginaAtual` from 0) until `quantidadeDePaginas`. */
async function listAllPix(
  page: (query: URLSearchParams) => Promise<z.infer<typeof pixListSchema>>,
  inicio: Date,
  fim: Date,
  opts: { txid?: string; pageSize?: number },
): Promise<Pix[]> {
  const all: Pix[] = [];
  for (let n = 0; ; n += 1) {
    const query = new URLSearchParams({
      inicio: inicio.toISOString(),
      fim: fim.toISOString(),
      'paginacao.paginaAtual': String(n),
      'paginacao.itensPorPagina': String(opts.pageSize ?? 100),
    });
    if (opts.txid) query.set('txid', opts.txid);
    const answer = await page(query);
    all.push(...answer.pix);
    if (n + 1 >= answer.parametros.paginacao.quantidadeDePaginas) return all;
  }
}

const segment = (schema: z.ZodType<string>, value: string) => encodeURIComponent(schema.parse(value));

export function createApiPixClient(options: ApiPixOptions): ApiPixClient {
  const transport = createTransport(options);

  async function exchange<T extends z.ZodType>(
    method: string,
    path: string,
    answer: T,
    what: string,
    body?: unknown,
  ): Promise<z.infer<T>> {
    const raw = await transport.call(method, path, body);
    if (raw.status < 200 || raw.status >= 300) throw refusalOrFailure(raw);
    return read(answer, parseJson(raw), what);
  }

  async function listPage(query: URLSearchParams) {
    return exchange('GET', `/pix?${query.toString()}`, pixListSchema, 'a lista de Pix');
  }

  return {
    putCob: async (txid, body) =>
      exchange(
        'PUT',
        `/cob/${segment(txidSchema, txid)}`,
        cobAnswerSchema,
        'a cobrança',
        cobRequestSchema.parse(body),
      ),
    getCob: async (txid) =>
      exchange('GET', `/cob/${segment(txidSchema, txid)}`, cobAnswerSchema, 'a cobrança'),
    patchCob: async (txid, body) =>
      exchange(
        'PATCH',
        `/cob/${segment(txidSchema, txid)}`,
        cobAnswerSchema,
        'a cobrança revisada',
        cobPatchSchema.parse(body),
      ),
    putCobv: async (txid, body) =>
      exchange(
        'PUT',
        `/cobv/${segment(txidSchema, txid)}`,
        cobvAnswerSchema,
        'a cobrança com vencimento',
        cobvRequestSchema.parse(body),
      ),
    getCobv: async (txid) =>
      exchange('GET', `/cobv/${segment(txidSchema, txid)}`, cobvAnswerSchema, 'a cobrança com vencimento'),
    listPix: (inicio, fim, opts = {}) => listAllPix((q) => listPage(q), inicio, fim, opts),
    getPix: async (e2eid) => exchange('GET', `/pix/${segment(endToEndIdSchema, e2eid)}`, pixSchema, 'o Pix'),
    putDevolucao: async (e2eid, id, body) =>
      exchange(
        'PUT',
        `/pix/${segment(endToEndIdSchema, e2eid)}/devolucao/${segment(devolucaoIdSchema, id)}`,
        devolucaoSchema,
        'a devolução',
        devolucaoRequestSchema.parse(body),
      ),
    getDevolucao: async (e2eid, id) =>
      exchange(
        'GET',
        `/pix/${segment(endToEndIdSchema, e2eid)}/devolucao/${segment(devolucaoIdSchema, id)}`,
        devolucaoSchema,
        'a devolução',
      ),
    async putWebhook(chave, webhookUrl) {
      const raw = await transport.call(
        'PUT',
        `/webhook/${encodeURIComponent(chave)}`,
        webhookRequestSchema.parse({ webhookUrl }),
      );
      if (raw.status < 200 || raw.status >= 300) throw refusalOrFailure(raw);
    },
    get tokensFetched() {
      return transport.tokensFetched;
    },
    close: () => transport.close(),
  };
}
