/**
 * Issue #41 item 1: Urbana's API Pix client against the project's PSP simulator over real TLS with
 * client certificates and OAuth2 — charges (cob, cobv), received Pix (paged), refunds, the webhook
 * registration and delivery, the simulator's refusals in the spec's problem+json shape, the token's
 * reuse and renewal, and the failures a caller must tell apart.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPspSimulator, type PspSimulator } from '../../../scripts/simulators/psp-pix.ts';
import { createApiPixClient, type ApiPixClient } from '../src/services/payments/api-pix/client.ts';
import {
  createTransport,
  PixPspRefusedError,
  PixPspUnreachableError,
  type ApiPixOptions,
} from '../src/services/payments/api-pix/http.ts';
import { fromValor, toValor, webhookPixBodySchema } from '../src/services/payments/api-pix/schemas.ts';
import { makePixCerts, type PixCerts } from './pix-certs.ts';

const CHAVE = 'pix@urbana.com.br';
let certs: PixCerts;
let sim: PspSimulator;
let options: ApiPixOptions;
let client: ApiPixClient;
let seq = 0;
const txid = () => `URBTESTE${String(++seq).padStart(4, '0')}${'A'.repeat(18)}`;
const cob = (valor = '150.00') => ({
  calendario: { expiracao: 1800 },
  devedor: { cpf: '52998224725', nome: 'Maria da Silva' },
  valor: { original: valor },
  chave: CHAVE,
  solicitacaoPagador: 'Pedido URB-0001 na Urbana',
});

beforeAll(async () => {
  certs = makePixCerts();
  sim = await startPspSimulator({
    key: certs.serverKeyPem,
    cert: certs.serverCertPem,
    ca: certs.caPem,
    clientId: 'urbana',
    clientSecret: 'segredo',
    chave: CHAVE,
  });
  options = {
    url: sim.url,
    tokenUrl: sim.tokenUrl,
    clientId: 'urbana',
    clientSecret: 'segredo',
    cert: certs.clientCertPem,
    key: certs.clientKeyPem,
    ca: certs.caPem,
    timeoutMs: 2000,
  };
  client = createApiPixClient(options);
});
afterAll(async () => {
  client.close();
  await sim.close();
  certs.cleanup();
});
beforeEach(() => {
  sim.control.mode = 'ok';
  sim.control.refundOutcome = 'DEVOLVIDO';
  sim.control.tokenLifetimeSeconds = 3600;
});

describe('immediate charges (cob)', () => {
  it('creates a charge whose pixCopiaECola is a dynamic BR Code, and reads it paid', async () => {
    const id = txid();
    const created = await client.putCob(id, cob());
    expect(created).toMatchObject({ txid: id, status: 'ATIVA', valor: { original: '150.00' }, chave: CHAVE });
    expect(created.calendario.expiracao).toBe(1800);
    expect(created.pixCopiaECola).toMatch(/^000201/);
    expect(created.pixCopiaECola).toContain(created.location);
    const pix = sim.state.pay(id);
    const read = await client.getCob(id);
    expect(read.status).toBe('CONCLUIDA');
    expect(read.pix?.map((p) => p.endToEndId)).toEqual([pix.endToEndId]);
    expect(fromValor(read.pix![0]!.valor)).toBe(15_000);
  });

  it('sends exactly the body the spec describes', async () => {
    const id = txid();
    await client.putCob(id, { ...cob(), devedor: { cnpj: '12ABC34501DE35', nome: 'Empresa Alfa Ltda' } });
    const put = sim.received.findLast((r) => r.method === 'PUT' && r.path === `/cob/${id}`);
    expect(put?.body).toEqual({
      calendario: { expiracao: 1800 },
      devedor: { cnpj: '12ABC34501DE35', nome: 'Empresa Alfa Ltda' },
      valor: { original: '150.00' },
      chave: CHAVE,
      solicitacaoPagador: 'Pedido URB-0001 na Urbana',
    });
  });

  it('never sends a body outside the spec (txid, amount format, CPF and CNPJ together)', async () => {
    const before = sim.received.length;
    await expect(client.putCob('CURTO123', cob())).rejects.toThrow(/txid/);
    await expect(client.putCob(txid(), cob('150,00'))).rejects.toThrow(/1234\.56/);
    const both = { ...cob(), devedor: { cpf: '52998224725', cnpj: '11222333000181', nome: 'X' } };
    await expect(client.putCob(txid(), both as never)).rejects.toThrow();
    expect(sim.received.length).toBe(before);
  });

  it('is refused with the spec problem+json when the PSP disagrees (key, CPF, txid used twice)', async () => {
    const wrongKey = client.putCob(txid(), { ...cob(), chave: 'outra@chave.com' });
    await expect(wrongKey).rejects.toBeInstanceOf(PixPspRefusedError);
    const refusal = (await wrongKey.catch((e: unknown) => e)) as PixPspRefusedError;
    expect(refusal.status).toBe(400);
    expect(refusal.problem).toMatchObject({
      type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
      status: 400,
      violacoes: [expect.objectContaining({ propriedade: 'cob.chave' })],
    });
    const badCpf = await client
      .putCob(txid(), { ...cob(), devedor: { cpf: '12345678900', nome: 'X' } })
      .catch((e: unknown) => e);
    expect((badCpf as PixPspRefusedError).problem?.violacoes?.[0]?.propriedade).toBe('cob.devedor.cpf');
    const id = txid();
    await client.putCob(id, cob());
    await expect(client.putCob(id, cob())).rejects.toBeInstanceOf(PixPspRefusedError);
  });

  it('the simulator checks raw bodies against the spec and names each violation', async () => {
    const transport = createTransport(options);
    try {
      const answer = await transport.call('PUT', `/cob/${txid()}`, {
        calendario: { expiracao: '1800' },
        valor: { original: '12.5' },
        chave: CHAVE,
        extra: 1,
      });
      expect(answer.status).toBe(400);
      const body = JSON.parse(answer.body) as { violacoes: { propriedade: string }[] };
      const names = body.violacoes.map((v) => v.propriedade);
      expect(names).toEqual(expect.arrayContaining(['cob.calendario.expiracao', 'cob.valor.original']));
      const short = await transport.call('PUT', '/cob/ABC', cob());
      expect(short.status).toBe(400);
      expect(JSON.parse(short.body)).toMatchObject({ title: 'Cobrança inválida.', status: 400 });
    } finally {
      transport.close();
    }
  });
});

describe('charges with a due date (cobv)', () => {
  it('creates one with fine and interest, and a payment two days late carries both', async () => {
    const id = txid();
    const due = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const created = await client.putCobv(id, {
      calendario: { dataDeVencimento: due, validadeAposVencimento: 30 },
      devedor: { cnpj: '11222333000181', nome: 'Empresa Beta Ltda' },
      valor: {
        original: '1000.00',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
      },
      chave: CHAVE,
      solicitacaoPagador: 'Fatura do pedido URB-0002',
    });
    expect(created.calendario).toMatchObject({ dataDeVencimento: due, validadeAposVencimento: 30 });
    const pix = sim.state.pay(id);
    // 1000.00 + 2 % fine + 1 % a month over the days late (2 or 3 depending on the hour).
    expect(fromValor(pix.valor)).toBeGreaterThan(102_000);
    expect(fromValor(pix.valor)).toBeLessThanOrEqual(102_100);
    expect((await client.getCobv(id)).status).toBe('CONCLUIDA');
  });
});

describe('received Pix and refunds', () => {
  it('lists every Pix of a period across pages', async () => {
    const start = new Date(Date.now() - 1000);
    const made = [1, 2, 3, 4, 5].map((n) => sim.state.receive(n * 100));
    const before = sim.received.length;
    const listed = await client.listPix(start, new Date(Date.now() + 1000), { pageSize: 2 });
    expect(listed.map((p) => p.endToEndId)).toEqual(expect.arrayContaining(made.map((p) => p.endToEndId)));
    const pages = sim.received.slice(before).filter((r) => r.path === '/pix');
    expect(pages.length).toBe(Math.ceil(listed.length / 2));
    expect(pages[0]!.query).toContain('paginacao.paginaAtual=0');
    expect(await client.getPix(made[0]!.endToEndId)).toMatchObject({ valor: '1.00' });
  });

  it('follows a refund to DEVOLVIDO; the same id asked twice is one refund; more than paid is refused', async () => {
    const pix = sim.state.receive(5_000);
    const asked = await client.putDevolucao(pix.endToEndId, 'D1', {
      valor: '30.00',
      natureza: 'ORIGINAL',
      descricao: 'Pedido cancelado',
    });
    expect(asked.status).toBe('EM_PROCESSAMENTO');
    expect(asked.rtrId).toMatch(/^D[a-zA-Z0-9]{31}$/);
    await new Promise((r) => setImmediate(r));
    expect((await client.getDevolucao(pix.endToEndId, 'D1')).status).toBe('DEVOLVIDO');
    expect((await client.putDevolucao(pix.endToEndId, 'D1', { valor: '30.00' })).rtrId).toBe(asked.rtrId);
    await expect(client.putDevolucao(pix.endToEndId, 'D2', { valor: '20.01' })).rejects.toMatchObject({
      status: 400,
      problem: { type: 'https://pix.bcb.gov.br/api/v2/error/PixDevolucaoInvalida' },
    });
    expect(toValor(sim.state.refunded(pix))).toBe('30.00');
  });

  it('reports NAO_REALIZADO with its reason', async () => {
    sim.control.refundOutcome = 'NAO_REALIZADO';
    const pix = sim.state.receive(1_000);
    await client.putDevolucao(pix.endToEndId, 'D1', { valor: '10.00' });
    await new Promise((r) => setImmediate(r));
    const refund = await client.getDevolucao(pix.endToEndId, 'D1');
    expect(refund.status).toBe('NAO_REALIZADO');
    expect(refund.motivo).toBeTruthy();
  });
});

describe('webhook', () => {
  it('registers the URL and the PSP posts {webhookUrl}/pix keeping the query; lost and repeated', async () => {
    const got: { url: string; body: unknown }[] = [];
    const receiver = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        got.push({ url: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as AddressInfo).port;
    try {
      await client.putWebhook(CHAVE, `http://127.0.0.1:${port}/api/webhooks/pix?segredo=abc`);
      const id = txid();
      await client.putCob(id, cob());
      const pix = sim.state.pay(id);
      await expect.poll(() => got.length).toBe(1);
      expect(got[0]!.url).toBe('/api/webhooks/pix/pix?segredo=abc');
      const body = webhookPixBodySchema.parse(got[0]!.body);
      expect(body.pix[0]).toMatchObject({ endToEndId: pix.endToEndId, txid: id, valor: '150.00' });
      sim.control.dropWebhooks = 1;
      sim.state.receive(100);
      expect(sim.deliveries.at(-1)!.outcome).toBe('dropped');
      await sim.state.deliver(sim.deliveries.at(-1)!);
      expect(got.length).toBe(2);
      await expect(client.putWebhook('outra@chave.com', 'http://x.example/h')).rejects.toBeInstanceOf(
        PixPspRefusedError,
      );
    } finally {
      await new Promise((r) => receiver.close(r));
    }
  });
});

describe('OAuth2 and TLS', () => {
  it('reuses one token, renews it before it expires, and fetches a new one after a 401', async () => {
    const own = createApiPixClient(options);
    try {
      const id = txid();
      await own.putCob(id, cob());
      await own.getCob(id);
      await own.getCob(id);
      expect(own.tokensFetched).toBe(1);
      sim.expireTokens(); // the PSP forgets its tokens mid-run
      expect((await own.getCob(id)).txid).toBe(id);
      expect(own.tokensFetched).toBe(2);
      sim.control.tokenLifetimeSeconds = 1;
      sim.expireTokens();
      await own.getCob(id); // 401, then a token of one second, renewed at half its life
      expect(own.tokensFetched).toBe(3);
      await new Promise((r) => setTimeout(r, 600));
      await own.getCob(id);
      expect(own.tokensFetched).toBe(4);
    } finally {
      own.close();
    }
  });

  it('refuses wrong client credentials as a refusal', async () => {
    const wrong = createApiPixClient({ ...options, clientSecret: 'errado' });
    try {
      await expect(wrong.getCob(txid())).rejects.toMatchObject({ status: 401 });
    } finally {
      wrong.close();
    }
  });

  it('cannot talk without our client certificate, with a stranger one, or trusting another CA', async () => {
    for (const bad of [
      { ...options, cert: undefined, key: undefined },
      { ...options, cert: certs.strangerCertPem, key: certs.strangerKeyPem },
      { ...options, ca: undefined },
    ]) {
      const c = createApiPixClient(bad);
      try {
        await expect(c.getCob(txid())).rejects.toBeInstanceOf(PixPspUnreachableError);
      } finally {
        c.close();
      }
    }
  });

  it('tells a PSP that is down or silent from a refusal', async () => {
    sim.control.mode = 'fail';
    await expect(client.putCob(txid(), cob())).rejects.toBeInstanceOf(PixPspUnreachableError);
    sim.control.mode = 'timeout';
    const quick = createApiPixClient({ ...options, timeoutMs: 300 });
    try {
      await expect(quick.getCob(txid())).rejects.toBeInstanceOf(PixPspUnreachableError);
    } finally {
      quick.close();
    }
  });
});
