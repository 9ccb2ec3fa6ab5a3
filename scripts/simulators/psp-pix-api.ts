/**
 * The API Pix routes of the simulated PSP (Banco Central, API Pix 2.9.0): `PUT/GET/PATCH /cob/{txid}`,
 * `PUT/GET /cobv/{txid}`, `GET /pix?inicio&fim` (paged), `GET /pix/{e2eid}`,
 * `PUT/GET /pix/{e2eid}/devolucao/{id}` and `PUT /webhook/{chave}`. Every body is checked against the
 * spec's rules (Urbana's schemas written from it, plus the checks a PSP makes: the key is the
 * receiver's, CPF/CNPJ check digits, a txid used once, a refund within the Pix); a refusal is the
 * spec's `Problema` (application/problem+json) with its `violacoes`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isValidDocument } from '@urbana/shared';
import type { z } from 'zod';
import {
  cobPatchSchema,
  cobRequestSchema,
  cobvRequestSchema,
  devolucaoIdSchema,
  devolucaoRequestSchema,
  endToEndIdSchema,
  fromValor,
  txidSchema,
  webhookRequestSchema,
  type CobRequest,
  type CobvRequest,
} from '../../apps/api/src/services/payments/api-pix/schemas.ts';
import type { PspState } from './psp-pix-state.ts';
import { type Charge } from './psp-pix-state.ts';

const ERROR_BASE = 'https://pix.bcb.gov.br/api/v2/error/';
type Violacao = { razao: string; propriedade: string; valor?: string };

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  type = 'application/json',
): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
  res.end(JSON.stringify(body));
}

export function problem(
  res: ServerResponse,
  status: number,
  tipo: string,
  title: string,
  detail: string,
  violacoes?: Violacao[],
): void {
  sendJson(
    res,
    status,
    { type: ERROR_BASE + tipo, title, status, detail, ...(violacoes?.length ? { violacoes } : {}) },
    'application/problem+json',
  );
}

export async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function violations(prefix: string, error: z.ZodError): Violacao[] {
  return error.issues.map((i) => ({ razao: i.message, propriedade: [prefix, ...i.path].join('.') }));
}

/** What a PSP checks beyond the shape: the key, the debtor's document. */
function chargeViolations(prefix: string, body: CobRequest | CobvRequest, chave: string): Violacao[] {
  const out: Violacao[] = [];
  if (body.chave !== chave)
    out.push({
      razao: 'A chave não pertence ao usuário recebedor.',
      propriedade: `${prefix}.chave`,
      valor: body.chave,
    });
  const devedor = body.devedor;
  if (devedor && 'cpf' in devedor && !isValidDocument(devedor.cpf, 'pf'))
    out.push({ razao: 'CPF inválido.', propriedade: `${prefix}.devedor.cpf`, valor: devedor.cpf });
  if (devedor && 'cnpj' in devedor && !isValidDocument(devedor.cnpj, 'pj'))
    out.push({ razao: 'CNPJ inválido.', propriedade: `${prefix}.devedor.cnpj`, valor: devedor.cnpj });
  if (fromValor(body.valor.original) === 0)
    out.push({ razao: 'Valor da cobrança não pode ser 0.00', propriedade: `${prefix}.valor.original` });
  return out;
}

export interface Location {
  /** Makes the BR Code of a charge's location. */
  copiaECola(location: string): string;
  host: string;
}

function chargeAnswer(charge: Charge, state: PspState) {
  const calendario =
    charge.kind === 'cob'
      ? { criacao: charge.criacao.toISOString(), expiracao: (charge.body as CobRequest).calendario.expiracao }
      : {
          criacao: charge.criacao.toISOString(),
          dataDeVencimento: (charge.body as CobvRequest).calendario.dataDeVencimento,
          validadeAposVencimento: (charge.body as CobvRequest).calendario.validadeAposVencimento ?? 30,
        };
  const pix = charge.pix.map((id) => state.pix.get(id)).filter((p) => p !== undefined);
  return {
    ...charge.body,
    calendario,
    txid: charge.txid,
    revisao: charge.revisao,
    loc: { id: 1, location: charge.location, tipoCob: charge.kind, criacao: charge.criacao.toISOString() },
    location: charge.location,
    status: charge.status,
    pixCopiaECola: charge.pixCopiaECola,
    ...(pix.length ? { pix } : {}),
  };
}

function putCharge(
  kind: 'cob' | 'cobv',
  txid: string,
  body: unknown,
  res: ServerResponse,
  state: PspState,
  loc: Location,
): void {
  const tipo = kind === 'cob' ? 'CobOperacaoInvalida' : 'CobVOperacaoInvalida';
  const title = kind === 'cob' ? 'Cobrança inválida.' : 'Cobrança com vencimento inválida.';
  const id = txidSchema.safeParse(txid);
  if (!id.success)
    return problem(
      res,
      400,
      tipo,
      title,
      'txid fora do padrão [a-zA-Z0-9]{26,35}.',
      violations('txid', id.error),
    );
  const schema = kind === 'cob' ? cobRequestSchema : cobvRequestSchema;
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    return problem(
      res,
      400,
      tipo,
      title,
      'A requisição não respeita o schema.',
      violations(kind, parsed.error),
    );
  const extra = chargeViolations(kind, parsed.data, state.chave);
  if (extra.length > 0)
    return problem(res, 400, tipo, title, 'A requisição não respeita as regras da cobrança.', extra);
  if (state.charges.has(txid))
    return problem(res, 400, tipo, title, 'O txid informado já foi utilizado por outra cobrança.', [
      { razao: 'txid já utilizado.', propriedade: 'txid', valor: txid },
    ]);
  const location = `${loc.host}/qr/v2/${txid.toLowerCase()}`;
  const charge: Charge = {
    kind,
    txid,
    body: parsed.data,
    criacao: new Date(),
    revisao: 0,
    status: 'ATIVA',
    location,
    pixCopiaECola: loc.copiaECola(location),
    pix: [],
  };
  state.charges.set(txid, charge);
  sendJson(res, 201, chargeAnswer(charge, state));
}

/** `PATCH /cob/{txid}`: a revision of an active charge (here its life); the revision goes up by one. */
function patchCob(txid: string, body: unknown, res: ServerResponse, state: PspState): void {
  const found = state.charges.get(txid);
  if (!found || found.kind !== 'cob')
    return problem(
      res,
      404,
      'NaoEncontrado',
      'Não encontrado',
      'Cobrança não encontrada para o txid informado.',
    );
  const parsed = cobPatchSchema.safeParse(body);
  if (!parsed.success)
    return problem(
      res,
      400,
      'CobOperacaoInvalida',
      'Cobrança inválida.',
      'A requisição não respeita o schema.',
      violations('cob', parsed.error),
    );
  if (found.status !== 'ATIVA')
    return problem(res, 400, 'CobOperacaoInvalida', 'Cobrança inválida.', 'A cobrança não está ATIVA.');
  found.body = { ...found.body, calendario: { expiracao: parsed.data.calendario.expiracao } } as CobRequest;
  found.revisao += 1;
  sendJson(res, 200, chargeAnswer(found, state));
}

function listPix(url: URL, res: ServerResponse, state: PspState): void {
  const inicio = Date.parse(url.searchParams.get('inicio') ?? '');
  const fim = Date.parse(url.searchParams.get('fim') ?? '');
  const pagina = Number(url.searchParams.get('paginacao.paginaAtual') ?? 0);
  const porPagina = Number(url.searchParams.get('paginacao.itensPorPagina') ?? 100);
  const bad: Violacao[] = [];
  if (Number.isNaN(inicio)) bad.push({ razao: 'inicio ausente ou inválido.', propriedade: 'inicio' });
  if (Number.isNaN(fim)) bad.push({ razao: 'fim ausente ou inválido.', propriedade: 'fim' });
  if (!Number.isNaN(inicio) && !Number.isNaN(fim) && fim < inicio)
    bad.push({ razao: 'fim anterior a inicio.', propriedade: 'fim' });
  if (!Number.isInteger(pagina) || pagina < 0)
    bad.push({ razao: 'paginaAtual negativa.', propriedade: 'paginacao.paginaAtual' });
  if (!Number.isInteger(porPagina) || porPagina < 1 || porPagina > 1000)
    bad.push({ razao: 'itensPorPagina fora de 1..1000.', propriedade: 'paginacao.itensPorPagina' });
  if (bad.length)
    return problem(res, 400, 'ConsultaInvalida', 'Consulta inválida.', 'Parâmetros inválidos.', bad);
  const txid = url.searchParams.get('txid');
  const all = [...state.pix.values()]
    .filter((p) => {
      const t = Date.parse(p.horario);
      return t >= inicio && t <= fim && (!txid || p.txid === txid);
    })
    .sort((a, b) => Date.parse(a.horario) - Date.parse(b.horario));
  sendJson(res, 200, {
    parametros: {
      inicio: new Date(inicio).toISOString(),
      fim: new Date(fim).toISOString(),
      paginacao: {
        paginaAtual: pagina,
        itensPorPagina: porPagina,
        quantidadeDePaginas: Math.max(1, Math.ceil(all.length / porPagina)),
        quantidadeTotalDeItens: all.length,
      },
    },
    pix: all.slice(pagina * porPagina, (pagina + 1) * porPagina),
  });
}

function putRefund(e2eid: string, id: string, body: unknown, res: ServerResponse, state: PspState): void {
  const title = 'Devolução inválida.';
  const pix = state.pix.get(e2eid);
  if (!pix)
    return problem(res, 404, 'NaoEncontrado', 'Não encontrado', 'Pix não encontrado para o e2eid informado.');
  const okId = devolucaoIdSchema.safeParse(id);
  if (!okId.success)
    return problem(
      res,
      400,
      'PixDevolucaoInvalida',
      title,
      'id fora do padrão.',
      violations('id', okId.error),
    );
  const parsed = devolucaoRequestSchema.safeParse(body);
  if (!parsed.success)
    return problem(
      res,
      400,
      'PixDevolucaoInvalida',
      title,
      'A requisição não respeita o schema.',
      violations('devolucao', parsed.error),
    );
  const existing = pix.devolucoes?.find((d) => d.id === id);
  // The id names one refund: asked again (an answer lost on the way), the same refund is answered.
  if (existing) return sendJson(res, 201, existing);
  const valor = fromValor(parsed.data.valor);
  if (valor === 0 || state.refunded(pix) + valor > fromValor(pix.valor))
    return problem(
      res,
      400,
      'PixDevolucaoInvalida',
      title,
      'Valor da devolução maior que o disponível no Pix.',
      [{ razao: 'valor acima do saldo do Pix.', propriedade: 'devolucao.valor', valor: parsed.data.valor }],
    );
  sendJson(res, 201, state.refund(pix, id, parsed.data.valor, parsed.data.descricao));
}

function putWebhook(chave: string, body: unknown, res: ServerResponse, state: PspState): void {
  const parsed = webhookRequestSchema.safeParse(body);
  if (!parsed.success)
    return problem(
      res,
      400,
      'WebhookOperacaoInvalida',
      'Webhook inválido.',
      'A requisição não respeita o schema.',
      violations('webhook', parsed.error),
    );
  if (chave !== state.chave)
    return problem(
      res,
      400,
      'WebhookOperacaoInvalida',
      'Webhook inválido.',
      'A chave não pertence ao usuário recebedor.',
    );
  state.webhooks.set(chave, parsed.data.webhookUrl);
  res.writeHead(204).end();
}

/** Routes one authenticated API call (path relative to the API base; `body` already read). */
export function routeApi(
  req: IncomingMessage,
  body: unknown,
  res: ServerResponse,
  url: URL,
  path: string,
  state: PspState,
  loc: Location,
): void {
  const m = req.method;
  const charge = /^\/(cob|cobv)\/([^/]+)$/.exec(path);
  if (charge && m === 'PUT')
    return putCharge(charge[1] as 'cob', decodeURIComponent(charge[2]!), body, res, state, loc);
  if (charge && m === 'GET') {
    const found = state.charges.get(decodeURIComponent(charge[2]!));
    if (!found || found.kind !== charge[1])
      return problem(
        res,
        404,
        'NaoEncontrado',
        'Não encontrado',
        'Cobrança não encontrada para o txid informado.',
      );
    return sendJson(res, 200, chargeAnswer(found, state));
  }
  if (charge && charge[1] === 'cob' && m === 'PATCH')
    return patchCob(decodeURIComponent(charge[2]!), body, res, state);
  if (path === '/pix' && m === 'GET') return listPix(url, res, state);
  const refund = /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(path);
  if (refund && m === 'PUT')
    return putRefund(decodeURIComponent(refund[1]!), decodeURIComponent(refund[2]!), body, res, state);
  if (refund && m === 'GET') {
    const found = state.pix
      .get(decodeURIComponent(refund[1]!))
      ?.devolucoes?.find((d) => d.id === decodeURIComponent(refund[2]!));
    if (!found) return problem(res, 404, 'NaoEncontrado', 'Não encontrado', 'Devolução não encontrada.');
    return sendJson(res, 200, found);
  }
  const one = /^\/pix\/([^/]+)$/.exec(path);
  if (one && m === 'GET') {
    const id = decodeURIComponent(one[1]!);
    const found = endToEndIdSchema.safeParse(id).success ? state.pix.get(id) : undefined;
    if (!found)
      return problem(
        res,
        404,
        'NaoEncontrado',
        'Não encontrado',
        'Pix não encontrado para o e2eid informado.',
      );
    return sendJson(res, 200, found);
  }
  const hook = /^\/webhook\/([^/]+)$/.exec(path);
  if (hook && m === 'PUT') return putWebhook(decodeURIComponent(hook[1]!), body, res, state);
  problem(res, 404, 'NaoEncontrado', 'Não encontrado', `Rota ${m} ${path} não existe.`);
}
