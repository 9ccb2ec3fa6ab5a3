/**
 * A Sefin Nacional of Urbana's own for development and the tests (issue #42 items 3 and 7), speaking
 * the published protocol of the national NFS-e API over HTTPS with client certificates:
 * - POST /nfse { dpsXmlGZipB64 }: unpacks the DPS, runs Urbana's structural check and verifies the
 *   signature; refuses with HTTP 400 and `erros[]` ({ codigo, descricao, complemento }) like the Sefin,
 *   otherwise answers 201 with the NFS-e (an `NFSe` whose `infNFSe` carries the 50-digit access key
 *   and the DPS as received) gzipped in base64;
 * - HEAD /dps/{idDps}: 200 once that DPS became an NFS-e, 404 before; GET /nfse/{chave};
 * - POST /nfse/{chave}/eventos { pedidoRegistroEventoXmlGZipB64 }: accepts a signed cancellation
 *   (e101101) once, after checking its structure (eventProblems), its author and its signature.
 * Tests steer it: `mode` (down, silent, or answers lost) and `refuseNext` (refusals to give).
 * Error codes are ASSUMED, close to the Sefin's: RNG6110 schema failure, E0714 bad signature, E0014
 * DPS already turned into an NFS-e (the Sefin refuses the same idDps twice), E0840 already cancelled.
 * `npm run nfse:simulador` runs it on port 4020 with certificates made on the spot.
 */
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { gunzipB64 } from '../../apps/api/src/services/fiscal/sefin-client.ts';
import { checkDps } from '../../apps/api/src/services/fiscal/dps-check.ts';
import { verifyDps } from '../../apps/api/src/services/fiscal/sign.ts';
import { buildNfseXml, accessKey, tagValue } from './sefin-nfse.ts';

export interface SefinRequest {
  method: string;
  path: string;
  /** The XML it carried, unpacked, when there was one. */
  xml?: string;
}

interface Issued {
  chaveAcesso: string;
  nfseXml: string;
  cancelled: boolean;
}

export interface SefinSimulator {
  url: string;
  /** Every request, in order. */
  received: SefinRequest[];
  /**
   * 'fail': answer 503; 'timeout': never answer (nothing is processed); 'lose': process the request
   * but never answer (the answer is lost on the way, as after a timeout); 'ok' (the default).
   */
  mode: 'ok' | 'fail' | 'timeout' | 'lose';
  /** Refusals to answer to the next emissions, one per POST /nfse, as the Sefin's `erros[]`. */
  refuseNext: Message[][];
  /** A refusal for the next DPS of one buyer (its CNPJ or CPF, letters upper-case, no marks). */
  refuseFor: Map<string, Message[]>;
  /** idDps → what was issued. */
  issued: Map<string, Issued>;
  close(): Promise<void>;
}

export interface SefinSimulatorOptions {
  key: string;
  cert: string;
  /** The CA that client certificates must chain to. */
  ca: string;
  port?: number;
}

type Message = { codigo: string; descricao: string; complemento?: string };
const b64gz = (xml: string) => gzipSync(Buffer.from(xml, 'utf8')).toString('base64');

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const refuse = (res: ServerResponse, status: number, erros: Message[]) =>
  sendJson(res, status, {
    tipoAmbiente: 2,
    versaoAplicativo: 'simulador',
    dataHoraProcessamento: new Date().toISOString(),
    erros,
  });

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The XML in a gzip+base64 field, or undefined when it is not that. */
function unpack(body: Record<string, unknown> | undefined, field: string): string | undefined {
  const value = body?.[field];
  if (typeof value !== 'string') return undefined;
  try {
    return gunzipB64(value);
  } catch {
    return undefined;
  }
}

/** Structure and signature of a received document, as the Sefin's messages. */
function documentProblems(xml: string, structure: string[]): Message[] {
  const erros: Message[] = structure.map((p) => ({
    codigo: 'RNG6110',
    descricao: 'Falha no esquema XML.',
    complemento: p,
  }));
  if (erros.length > 0) return erros;
  const signature = verifyDps(xml);
  return signature.problems.map((p) => ({
    codigo: 'E0714',
    descricao: 'Assinatura digital inválida.',
    complemento: p,
  }));
}

/**
 * pedRegEvento_v1.01.xsd as far as a cancellation goes (TCInfPedReg, TE101101): the elements in
 * their order, the request's Id made of the key, the event and its number, the author being the
 * NFS-e's issuer, the reason's code and the length of its text.
 */
export function eventProblems(xml: string, chave: string, nfseXml: string): string[] {
  const problems: string[] = [];
  const order =
    /^(?:<\?xml[^>]*\?>)?<pedRegEvento xmlns="http:\/\/www\.sped\.fazenda\.gov\.br\/nfse" versao="1\.01"><infPedReg Id="([^"]+)"><tpAmb>[12]<\/tpAmb><verAplic>[^<]{1,20}<\/verAplic><dhEvento>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[-+]\d\d:\d\d<\/dhEvento><(CNPJAutor|CPFAutor)>([0-9A-Z]+)<\/\2><chNFSe>(\d{50})<\/chNFSe><nPedRegEvento>(\d{1,3})<\/nPedRegEvento><e101101><xDesc>Cancelamento de NFS-e<\/xDesc><cMotivo>([129])<\/cMotivo><xMotivo>([^<]*)<\/xMotivo><\/e101101><\/infPedReg>/.exec(
      xml,
    );
  if (!order) return ['pedRegEvento: estrutura diferente de TCInfPedReg com e101101 (cancelamento).'];
  const [, id, , author, chNFSe, sequence, , motive] = order;
  if (chNFSe !== chave) problems.push('chNFSe difere da chave do caminho.');
  if (id !== `PRE${chNFSe}101101${sequence!.padStart(3, '0')}`)
    problems.push(`Id "${id}" não corresponde a PRE + chave + 101101 + número do pedido.`);
  if (author !== tagValue(nfseXml, 'CNPJ')) problems.push('o autor do evento não é o emitente da NFS-e.');
  const length = motive!.trim().length;
  if (length < 15 || length > 255) problems.push('xMotivo deve ter de 15 a 255 caracteres.');
  return problems;
}

interface State {
  issued: Map<string, Issued>;
  byKey: Map<string, Issued>;
  sequence: number;
  refuseNext: Message[][];
  /** A refusal for the next DPS of one buyer (tomador's CNPJ or CPF): steered from the page. */
  refuseFor: Map<string, Message[]>;
}

async function emit(
  req: IncomingMessage,
  res: ServerResponse,
  state: State,
  record: SefinRequest,
): Promise<void> {
  const xml = unpack(await readJson(req), 'dpsXmlGZipB64');
  if (!xml) return refuse(res, 400, [{ codigo: 'E0001', descricao: 'dpsXmlGZipB64 ausente ou ilegível.' }]);
  record.xml = xml;
  const erros = documentProblems(xml, checkDps(xml));
  if (erros.length > 0) return refuse(res, 400, erros);
  const told = state.refuseNext.shift();
  if (told) return refuse(res, 400, told);
  const tomador = /<toma>\s*<(?:CNPJ|CPF)>([^<]+)</.exec(xml)?.[1];
  const forTomador = tomador ? state.refuseFor.get(tomador) : undefined;
  if (forTomador) {
    state.refuseFor.delete(tomador!);
    return refuse(res, 400, forTomador);
  }
  const idDps = /<infDPS[^>]*\sId="([^"]+)"/.exec(xml)?.[1] ?? '';
  if (state.issued.has(idDps))
    return refuse(res, 400, [
      { codigo: 'E0014', descricao: 'DPS já convertida em NFS-e.', complemento: idDps },
    ]);
  state.sequence += 1;
  const chaveAcesso = accessKey(xml, state.sequence);
  const nfseXml = buildNfseXml(xml, chaveAcesso, state.sequence);
  const issued = { chaveAcesso, nfseXml, cancelled: false };
  state.issued.set(idDps, issued);
  state.byKey.set(chaveAcesso, issued);
  sendJson(res, 201, {
    tipoAmbiente: 2,
    versaoAplicativo: 'simulador',
    dataHoraProcessamento: new Date().toISOString(),
    idDps,
    chaveAcesso,
    nfseXmlGZipB64: b64gz(nfseXml),
    alertas: [],
  });
}

async function cancel(
  req: IncomingMessage,
  res: ServerResponse,
  state: State,
  chave: string,
  record: SefinRequest,
): Promise<void> {
  const xml = unpack(await readJson(req), 'pedidoRegistroEventoXmlGZipB64');
  if (!xml)
    return refuse(res, 400, [
      { codigo: 'E0001', descricao: 'pedidoRegistroEventoXmlGZipB64 ausente ou ilegível.' },
    ]);
  record.xml = xml;
  const issued = state.byKey.get(chave);
  if (!issued)
    return refuse(res, 404, [{ codigo: 'E0800', descricao: 'NFS-e não encontrada.', complemento: chave }]);
  const erros = documentProblems(xml, eventProblems(xml, chave, issued.nfseXml));
  if (erros.length > 0) return refuse(res, 400, erros);
  if (issued.cancelled) return refuse(res, 400, [{ codigo: 'E0840', descricao: 'NFS-e já cancelada.' }]);
  issued.cancelled = true;
  const evento = `<evento xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"><infEvento>${xml.replace(/^<\?xml[^>]*>/, '')}</infEvento></evento>`;
  sendJson(res, 201, {
    tipoAmbiente: 2,
    versaoAplicativo: 'simulador',
    dataHoraProcessamento: new Date().toISOString(),
    eventoXmlGZipB64: b64gz(evento),
    alertas: [],
  });
}

function route(
  req: IncomingMessage,
  res: ServerResponse,
  state: State,
  record: SefinRequest,
): Promise<void> | void {
  const path = record.path;
  if (req.method === 'POST' && path === '/nfse') return emit(req, res, state, record);
  const dps = /^\/dps\/([^/]+)$/.exec(path);
  if (dps && (req.method === 'HEAD' || req.method === 'GET')) {
    const issued = state.issued.get(decodeURIComponent(dps[1]!));
    res.writeHead(issued ? 200 : 404, { 'content-type': 'application/json' });
    return void res.end(
      req.method === 'GET' && issued ? JSON.stringify({ chaveAcesso: issued.chaveAcesso }) : undefined,
    );
  }
  const nfse = /^\/nfse\/([0-9]{50})(\/eventos)?$/.exec(path);
  if (nfse?.[2] && req.method === 'POST') return cancel(req, res, state, nfse[1]!, record);
  if (nfse && req.method === 'GET') {
    const issued = state.byKey.get(nfse[1]!);
    if (!issued) return refuse(res, 404, [{ codigo: 'E0800', descricao: 'NFS-e não encontrada.' }]);
    return sendJson(res, 200, { chaveAcesso: issued.chaveAcesso, nfseXmlGZipB64: b64gz(issued.nfseXml) });
  }
  refuse(res, 404, [
    { codigo: 'E0000', descricao: 'Rota não encontrada.', complemento: `${req.method} ${path}` },
  ]);
}

/** A response that swallows what is written to it, leaving the real one open until the client gives up. */
const lost = () => ({ writeHead: () => undefined, end: () => undefined });

export async function startSefinSimulator(options: SefinSimulatorOptions): Promise<SefinSimulator> {
  const state: State = {
    issued: new Map(),
    byKey: new Map(),
    sequence: 0,
    refuseNext: [],
    refuseFor: new Map(),
  };
  const control = { mode: 'ok' as SefinSimulator['mode'], received: [] as SefinRequest[] };
  const server: Server = createServer(
    { key: options.key, cert: options.cert, ca: options.ca, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const record: SefinRequest = {
        method: req.method ?? '',
        path: (req.url ?? '').replace(/^\/SefinNacional/, '').split('?')[0]!,
      };
      control.received.push(record);
      if (control.mode === 'timeout') return; // holds the request until the client gives up
      if (control.mode === 'fail')
        return sendJson(res, 503, { erros: [{ codigo: 'E9999', descricao: 'Serviço indisponível.' }] });
      // The request is handled; its answer never leaves.
      const out = control.mode === 'lose' ? (lost() as unknown as ServerResponse) : res;
      Promise.resolve(route(req, out, state, record)).catch(() =>
        refuse(res, 500, [{ codigo: 'E9999', descricao: 'Erro interno.' }]),
      );
    },
  );
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/SefinNacional`,
    get received() {
      return control.received;
    },
    get mode() {
      return control.mode;
    },
    set mode(value) {
      control.mode = value;
    },
    issued: state.issued,
    refuseNext: state.refuseNext,
    refuseFor: state.refuseFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Development: fresh certificates each run, and the settings that point Urbana at this simulator.
  const { makeFiscalCerts } = await import('../../apps/api/test/fiscal-certs.ts');
  const certs = makeFiscalCerts(process.env.EMPRESA_CNPJ?.replace(/\D/g, '') || undefined);
  const simulator = await startSefinSimulator({
    key: certs.serverKeyPem,
    cert: certs.serverCertPem,
    ca: certs.caPem,
    port: Number(process.env.PORT ?? 4020),
  });
  // A page of its own (plain HTTP), as the PSP simulator has: "refuse the next emission", so that a
  // developer or a browser test sees a refusal and tries again from the fiscal queue.
  const pagePort = Number(process.env.SEFIN_PAGE_PORT ?? 4021);
  const { createServer: createPage } = await import('node:http');
  const page = createPage((req, res) => {
    if (req.method === 'POST' && req.url === '/recusar-proxima') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const documento = (new URLSearchParams(body).get('documento') ?? '')
          .toUpperCase()
          .replace(/[^0-9A-Z]/g, '');
        const erros = [
          { codigo: 'E0312', descricao: 'Código do município do tomador inexistente (recusa simulada).' },
        ];
        if (documento) simulator.refuseFor.set(documento, erros);
        else simulator.refuseNext.push(erros);
        res.writeHead(303, { location: '/' }).end();
      });
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Sefin Nacional simulada</title>` +
          `<h1>Sefin Nacional simulada</h1><p>NFS-e emitidas: ${simulator.issued.size}. ` +
          `Recusas a dar: ${simulator.refuseNext.length + simulator.refuseFor.size}.</p>` +
          `<form method="post" action="/recusar-proxima"><label>CPF/CNPJ do tomador (vazio: qualquer) ` +
          `<input name="documento"></label> <button type="submit">Recusar a próxima emissão</button></form>`,
      );
  });
  await new Promise<void>((resolve) => page.listen(pagePort, '127.0.0.1', resolve));
  console.log(
    [
      `Sefin Nacional simulada em ${simulator.url} (página: http://127.0.0.1:${pagePort})`,
      `NFSE_URL=${simulator.url}`,
      `NFSE_CA=${certs.dir}/ca.crt`,
      `NFSE_CERT_PFX=${certs.clientPfxPath}`,
      `NFSE_CERT_PASSWORD=${certs.clientPassword}`,
    ].join('\n'),
  );
  // Stopped by a terminal (Ctrl+C) or by the process that started it (the browser tests' server).
  const stop = () => {
    certs.cleanup();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
