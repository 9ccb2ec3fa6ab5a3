/**
 * Issue #42 items 3 and 7: Urbana's Sefin Nacional client against the project's simulator, over the
 * real protocol (HTTPS with client certificates, gzip+base64 bodies): emission, the refusal of a
 * second emission of the same DPS, the DPS lookup, refusals with `erros[]`, cancellation, and the
 * failures the fiscal queue must tell apart (TLS refused, service down, no answer).
 */
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSefinSimulator, type SefinSimulator } from '../../../scripts/simulators/sefin-nacional.ts';
import { loadA1Certificate, type A1Certificate } from '../src/services/fiscal/a1-certificate.ts';
import { buildCancelEvent } from '../src/services/fiscal/cancel-event.ts';
import { buildDps } from '../src/services/fiscal/dps.ts';
import {
  createSefinClient,
  SefinRefusedError,
  SefinUnreachableError,
  type SefinClient,
} from '../src/services/fiscal/sefin-client.ts';
import { signDps, signXml } from '../src/services/fiscal/sign.ts';
import { makeFiscalCerts, type FiscalCerts } from './fiscal-certs.ts';
import { sampleDps } from './nfse-sample.ts';

let certs: FiscalCerts;
let a1: A1Certificate;
let sim: SefinSimulator;
let client: SefinClient;

beforeAll(async () => {
  certs = makeFiscalCerts();
  a1 = loadA1Certificate(certs.clientPfx, certs.clientPassword);
  sim = await startSefinSimulator({ key: certs.serverKeyPem, cert: certs.serverCertPem, ca: certs.caPem });
  client = createSefinClient({
    url: sim.url,
    pfx: a1.pfx,
    passphrase: a1.passphrase,
    ca: certs.caPem,
    timeoutMs: 2000,
  });
});
afterAll(async () => {
  await sim.close();
  certs.cleanup();
});

const signedDps = (number: number) => {
  const { xml, id } = buildDps(sampleDps({ number }));
  return { xml: signDps(xml, a1), id };
};

describe('Sefin Nacional over mTLS', () => {
  it('issues an NFS-e once per DPS, and answers the DPS lookup 404 before and 200 after', async () => {
    const dps = signedDps(101);
    expect(await client.dpsExists(dps.id)).toBe(false);
    const issued = await client.emit(dps.xml);
    expect(issued.idDps).toBe(dps.id);
    expect(issued.chaveAcesso).toMatch(/^[0-9]{50}$/);
    expect(issued.chaveAcesso.slice(0, 7)).toBe('5300108');
    expect(issued.nfseXml).toContain(`<infNFSe Id="NFS${issued.chaveAcesso}">`);
    expect(issued.nfseXml).toContain(`<infDPS Id="${dps.id}">`);
    expect(await client.dpsExists(dps.id)).toBe(true);
    expect(sim.received.find((r) => r.method === 'POST')?.xml).toBe(dps.xml);

    const again = await client.emit(dps.xml).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(SefinRefusedError);
    expect((again as SefinRefusedError).status).toBe(400);
    expect((again as SefinRefusedError).erros).toEqual([
      { codigo: 'E0014', descricao: 'DPS já convertida em NFS-e.', complemento: dps.id },
    ]);
  });

  it('refuses an invalid or unsigned DPS with erros[]', async () => {
    const bad = buildDps(sampleDps({ number: 102, buyer: { document: '12ABC3450', name: 'Nova Mídia' } }));
    const structural = (await client
      .emit(signDps(bad.xml, a1))
      .catch((e: unknown) => e)) as SefinRefusedError;
    expect(structural).toBeInstanceOf(SefinRefusedError);
    expect(structural.erros[0]).toMatchObject({
      codigo: 'RNG6110',
      complemento: expect.stringContaining('toma/CNPJ'),
    });

    const unsigned = buildDps(sampleDps({ number: 103 }));
    const noSignature = (await client.emit(unsigned.xml).catch((e: unknown) => e)) as SefinRefusedError;
    expect(noSignature.erros[0]).toMatchObject({ codigo: 'E0714' });

    const tampered = signedDps(104).xml.replace('<vServ>12345.67</vServ>', '<vServ>20000.00</vServ>');
    const forged = (await client.emit(tampered).catch((e: unknown) => e)) as SefinRefusedError;
    expect(forged.erros).toEqual([
      { codigo: 'E0714', descricao: 'Assinatura digital inválida.', complemento: 'Assinatura inválida.' },
    ]);
    expect(await client.dpsExists(unsigned.id)).toBe(false);
  });

  it('accepts the cancellation of an issued NFS-e once', async () => {
    const issued = await client.emit(signedDps(105).xml);
    const event = buildCancelEvent({
      environment: 2,
      author: '11222333000181',
      chaveAcesso: issued.chaveAcesso,
      reason: '2',
      description: 'Serviço não prestado: pedido cancelado.',
      at: new Date(),
    });
    const signed = signXml(event.xml, 'infPedReg', a1);
    // The simulator checks the request as the Sefin would: its author and its reason's length.
    const stranger = buildCancelEvent({
      environment: 2,
      author: '11444777000161',
      chaveAcesso: issued.chaveAcesso,
      reason: '2',
      description: 'Curto',
      at: new Date(),
    });
    const wrong = (await client
      .cancel(issued.chaveAcesso, signXml(stranger.xml, 'infPedReg', a1))
      .catch((e: unknown) => e)) as SefinRefusedError;
    expect(wrong.erros.map((e) => e.complemento)).toEqual([
      'o autor do evento não é o emitente da NFS-e.',
      'xMotivo deve ter de 15 a 255 caracteres.',
    ]);
    const answer = await client.cancel(issued.chaveAcesso, signed);
    expect(answer.eventoXml).toContain('<e101101>');
    const twice = (await client
      .cancel(issued.chaveAcesso, signed)
      .catch((e: unknown) => e)) as SefinRefusedError;
    expect(twice.erros[0]?.codigo).toBe('E0840');
  });

  it('refuses at TLS a client without a certificate or with one from another CA', async () => {
    const bare = new Promise<number>((resolve, reject) => {
      const req = request(`${sim.url}/dps/x`, { method: 'HEAD', ca: certs.caPem }, (res) =>
        resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end();
    });
    await expect(bare).rejects.toThrow();
    const stranger = createSefinClient({
      url: sim.url,
      pfx: certs.strangerPfx,
      passphrase: certs.clientPassword,
      ca: certs.caPem,
    });
    await expect(stranger.dpsExists('x')).rejects.toBeInstanceOf(SefinUnreachableError);
  });

  it('tells a service down and a service that does not answer from a refusal', async () => {
    sim.mode = 'fail';
    await expect(client.emit(signedDps(106).xml)).rejects.toBeInstanceOf(SefinUnreachableError);
    sim.mode = 'timeout';
    const slow = createSefinClient({
      url: sim.url,
      pfx: a1.pfx,
      passphrase: a1.passphrase,
      ca: certs.caPem,
      timeoutMs: 300,
    });
    await expect(slow.emit(signedDps(107).xml)).rejects.toThrow(/sem resposta em 300 ms/);
    sim.mode = 'ok';
    const untrusting = createSefinClient({ url: sim.url, pfx: a1.pfx, passphrase: a1.passphrase });
    await expect(untrusting.dpsExists('x')).rejects.toBeInstanceOf(SefinUnreachableError);
  });
});
