/**
 * Issue #42 items 3 and 7: the DPS Urbana writes for an order passes the project's own structural
 * check of the v1.01 layout, wrong data is reported in Portuguese, and the signed DPS verifies with
 * the certificate it carries and stops verifying when a value is changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadA1Certificate,
  CertificateError,
  type A1Certificate,
} from '../src/services/fiscal/a1-certificate.ts';
import { buildCancelEvent } from '../src/services/fiscal/cancel-event.ts';
import { checkDps } from '../src/services/fiscal/dps-check.ts';
import { buildDps, dpsId } from '../src/services/fiscal/dps.ts';
import { signDps, signXml, verifyDps } from '../src/services/fiscal/sign.ts';
import { makeFiscalCerts, type FiscalCerts } from './fiscal-certs.ts';
import { sampleDps } from './nfse-sample.ts';

let certs: FiscalCerts;
let a1: A1Certificate;

beforeAll(() => {
  certs = makeFiscalCerts();
  a1 = loadA1Certificate(certs.clientPfx, certs.clientPassword);
});
afterAll(() => certs.cleanup());

describe('DPS', () => {
  it('writes a sample order with an alphanumeric CNPJ as buyer and a discount that passes the check', () => {
    const { xml, id } = buildDps(sampleDps());
    expect(checkDps(xml)).toEqual([]);
    expect(id).toBe('DPS530010821122233300018100001000000000000042');
    expect(id).toHaveLength(45);
    expect(xml).toContain(`<infDPS Id="${id}">`);
    expect(xml).toContain('<toma><CNPJ>12ABC34501DE35</CNPJ>');
    expect(xml).toContain('<vServ>12345.67</vServ>');
    expect(xml).toContain('<vDescIncond>1234.56</vDescIncond>');
    expect(xml).toContain('<pAliq>5.00</pAliq>');
    expect(xml).toContain('<cTribNac>172501</cTribNac>');
    expect(xml).toContain('<dhEmi>2026-03-05T14:07:09-03:00</dhEmi>');
    // Typographic quotes and dashes folded to Latin-1, markup escaped.
    expect(xml).toContain('<xNome>Nova Mídia &quot;Exterior&quot; - Ltda &amp; Cia &lt;Filial&gt;</xNome>');
    expect(xml).toContain('<CST>000</CST><cClassTrib>000001</cClassTrib>');
  });

  it('leaves the IBS/CBS group out for the Simples Nacional and pads a CPF buyer', () => {
    const input = sampleDps({ issuer: { ...sampleDps().issuer, regime: 'simples' } });
    const { xml } = buildDps({ ...input, buyer: { document: '529.982.247-25', name: 'Maria da Silva' } });
    expect(checkDps(xml)).toEqual([]);
    expect(xml).not.toContain('<IBSCBS>');
    expect(xml).toContain('<opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN>');
    expect(xml).toContain('<toma><CPF>52998224725</CPF><xNome>Maria da Silva</xNome></toma>');
  });

  it('reports a malformed CNPJ and a six-digit city code where they are', () => {
    const base = sampleDps();
    const { xml } = buildDps({
      ...base,
      buyer: {
        ...base.buyer,
        document: '12ABC3450',
        address: { ...base.buyer.address!, cityIbge: '530010' },
      },
    });
    expect(checkDps(xml)).toEqual([
      'DPS/infDPS/toma/CNPJ: "12ABC3450" não é um CNPJ (14 caracteres: 12 letras maiúsculas ou algarismos e 2 algarismos).',
      'DPS/infDPS/toma/end/endNac/cMun: "530010" não é um código de município do IBGE (7 algarismos).',
    ]);
  });

  it('reports wrong check digits, a wrong Id, missing and misplaced elements', () => {
    const { xml } = buildDps(sampleDps({ buyer: { ...sampleDps().buyer, document: '12ABC34501DE36' } }));
    expect(checkDps(xml)).toEqual([
      'DPS/infDPS/toma/CNPJ: dígitos verificadores do CNPJ 12ABC34501DE36 não conferem.',
    ]);
    const good = buildDps(sampleDps()).xml;
    expect(checkDps(good.replace('<nDPS>42</nDPS>', '<nDPS>43</nDPS>'))[0]).toMatch(
      /@Id: .* não corresponde/,
    );
    expect(checkDps(good.replace('<tpEmit>1</tpEmit>', ''))).toEqual([
      'DPS/infDPS: falta o elemento tpEmit.',
    ]);
    const swapped = good.replace('<serie>1</serie><nDPS>42</nDPS>', '<nDPS>42</nDPS><serie>1</serie>');
    expect(checkDps(swapped)).toContain('DPS/infDPS: falta o elemento serie.');
    expect(checkDps(good.replace('<vServ>12345.67', '<vServ>12345.6'))[0]).toContain('duas casas decimais');
    expect(checkDps('<DPS')).toEqual([expect.stringMatching(/^XML malformado/)]);
  });
});

describe('signature', () => {
  it('verifies with the certificate it carries, and not once a value is changed', () => {
    const { xml, id } = buildDps(sampleDps());
    const signed = signDps(xml, a1);
    expect(signed).toContain(`<Reference URI="#${id}">`);
    expect(signed).toContain('<X509Certificate>');
    expect(checkDps(signed)).toEqual([]);
    expect(verifyDps(signed)).toMatchObject({ valid: true, problems: [] });
    const tampered = signed.replace('<vServ>12345.67</vServ>', '<vServ>1.00</vServ>');
    expect(verifyDps(tampered)).toMatchObject({ valid: false, problems: ['Assinatura inválida.'] });
    expect(verifyDps(xml)).toMatchObject({ valid: false });
  });

  it('signs a cancellation request over infPedReg', () => {
    const chave = '5300108221122233300018100000000000012603123456789' + '0';
    const event = buildCancelEvent({
      environment: 2,
      author: '11222333000181',
      chaveAcesso: chave,
      reason: '2',
      description: 'Serviço não prestado: pedido cancelado.',
      at: new Date(),
    });
    const signed = signXml(event.xml, 'infPedReg', a1);
    expect(event.id).toMatch(/^PRE[0-9]{59}$/);
    expect(verifyDps(signed).valid).toBe(true);
  });

  it('refuses an A1 file with the wrong password', () => {
    expect(() => loadA1Certificate(certs.clientPfx, 'errada')).toThrow(CertificateError);
    expect(a1.subjectName).toBe('URBANA MIDIA EXTERIOR LTDA:11222333000181');
    expect(dpsId(sampleDps())).toHaveLength(45);
  });
});
