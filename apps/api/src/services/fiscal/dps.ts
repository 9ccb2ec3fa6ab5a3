/**
 * The DPS (Declaração de Prestação de Serviço, layout v1.01 of the NFS-e Padrão Nacional) that Urbana
 * signs and sends to the Sefin Nacional for each invoiced order (issue #42 items 3 and 7). Built from
 * a plain object so that the order code, the tests and the simulator share one writer; the elements
 * follow the order of `TCInfDPS` in the national schema, which the Sefin enforces.
 */
import { normalizeDocument } from '@urbana/shared';
import {
  basisPointsToPercent,
  centsToDecimal,
  el,
  escapeXml,
  group,
  schemaString,
  schemaText,
} from './xml-text.ts';

export const NFSE_NAMESPACE = 'http://www.sped.fazenda.gov.br/nfse';
export const DPS_VERSION = '1.01';

/**
 * Código de tributação nacional: item 17 of the list in LC 116/2003 (advertising), subitem 17.25
 * "inserção de textos, desenhos e outros materiais de propaganda e publicidade, em qualquer meio"
 * (added by LC 157/2016), which is what renting a billboard face or a screen's loop is: placing the
 * customer's material on a medium. 17.06 would be the agency's work (planning, creating), not ours.
 * The last two digits are the national breakdown ("desdobro"); 01 is the only one assumed here.
 * Configurable through NFSE_ITEM_SERVICO in case the accountant or the city says otherwise.
 */
export const DEFAULT_SERVICE_CODE = '172501';

/**
 * NBS (Nomenclatura Brasileira de Serviços) code, required in `cServ` since v1.01. ASSUMED, to be
 * confirmed against the NBS table the Sefin publishes with the layout (Anexo B): 1.1506.29.00, the
 * sale of advertising space in other media (outdoor). Callers pass their own when they know better.
 */
export const DEFAULT_NBS_CODE = '115062900';

export type TaxRegime = 'mei' | 'simples' | 'presumido' | 'real';

export interface DpsAddress {
  /** IBGE code of the city, 7 digits. */
  cityIbge: string;
  cep: string;
  street: string;
  number: string;
  complement?: string;
  district: string;
}

export interface DpsInput {
  /** tpAmb: 1 production, 2 the Sefin's test environment ("produção restrita"). */
  environment: 1 | 2;
  /** serie: 1 to 5 digits, not all zeros. */
  series: string;
  /** nDPS: the issuer's sequence within the series, 1 to 15 digits. */
  number: number | string;
  /** dhEmi, written in Brasília time. */
  issuedAt: Date;
  /** dCompet: the day the service began, YYYY-MM-DD. */
  competence: string;
  appVersion?: string;
  issuer: {
    cnpj: string;
    municipalRegistration?: string;
    cityIbge: string;
    regime: TaxRegime;
    phone?: string;
    email?: string;
  };
  buyer: {
    /** CPF (11 digits) or CNPJ (14 characters, alphanumeric accepted); punctuation is dropped. */
    document: string;
    name: string;
    /** Written only when the city's IBGE code is known (the schema needs it in `endNac`). */
    address?: DpsAddress;
    email?: string;
    phone?: string;
  };
  service: {
    /** cTribNac, 6 digits (see DEFAULT_SERVICE_CODE). */
    nationalCode?: string;
    nbs?: string;
    description: string;
    /** cLocPrestacao: where the service is rendered (the faces' city); the Sefin derives the ISS
     * place of incidence from it and from the service code (LC 116/2003 art. 3). */
    placeIbge: string;
    /** cIntContrib: our reference (the order number), letters and digits only. */
    internalCode?: string;
  };
  values: {
    amountCents: number;
    unconditionalDiscountCents?: number;
    /** pAliq in hundredths of a percent (500 = 5 %); omitted when unset, because for a city that
     * joined the national system the Sefin takes the rate from the city's own parameters. */
    issRateBasisPoints?: number;
    /** The buyer withholds the ISS (tpRetISSQN 2) instead of Urbana paying it (1). */
    issWithheldByBuyer?: boolean;
  };
  /** IBS/CBS group; see ibsCbsGroup for what is assumed. `false` leaves it out. */
  ibsCbs?: false | { operationIndicator?: string; cst?: string; classification?: string };
}

/**
 * The DPS values of an invoice: the service at its list value (vServ) and every discount — long-run,
 * coupon and an agency's desconto-padrão (decision 098) — as unconditional (vDescIncond), so that the
 * NFS-e's net equals what the invoice charges.
 */
export function invoiceDpsValues(invoice: {
  amount: number;
  discount: number;
  agency_commission: number;
}): Pick<DpsInput['values'], 'amountCents' | 'unconditionalDiscountCents'> {
  return {
    amountCents: invoice.amount,
    unconditionalDiscountCents: invoice.discount + invoice.agency_commission,
  };
}

/** 'CPF' or 'CNPJ', and the value as the schema writes it. */
export function documentKind(document: string): { tag: 'CPF' | 'CNPJ'; value: string } {
  const value = normalizeDocument(document);
  return { tag: value.length === 11 ? 'CPF' : 'CNPJ', value };
}

/**
 * `TSIdDPS`: "DPS" + city code (7) + kind of federal registration (1 CPF, 2 CNPJ) + the registration
 * (14, a CPF padded with zeros on the left) + series (5) + number (15), both padded with zeros.
 */
export function dpsId(input: Pick<DpsInput, 'issuer' | 'series' | 'number'>): string {
  const { tag, value } = documentKind(input.issuer.cnpj);
  return [
    'DPS',
    input.issuer.cityIbge,
    tag === 'CPF' ? '1' : '2',
    value.padStart(14, '0'),
    String(input.series).padStart(5, '0'),
    String(input.number).padStart(15, '0'),
  ].join('');
}

/** "2026-03-05T14:07:09-03:00": Brasília has kept UTC-3 all year since daylight saving ended in 2019. */
export function brasiliaDateTime(date: Date): string {
  const local = new Date(date.getTime() - 3 * 3600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

/** regTrib: Simples Nacional status (1 not opting, 2 MEI, 3 ME/EPP) and no special regime. */
function regTrib(regime: TaxRegime): string {
  const opSimpNac = { mei: '2', simples: '3', presumido: '1', real: '1' }[regime];
  // An ME/EPP under the Simples pays federal and municipal taxes through it (regApTribSN 1) unless it
  // passed a sub-limit, which Urbana does not model yet.
  return group(
    'regTrib',
    el('opSimpNac', opSimpNac),
    regime === 'simples' ? el('regApTribSN', '1') : '',
    el('regEspTrib', '0'),
  );
}

/**
 * prest: only the registration, the municipal registration, contacts and regime. Name and address
 * are left out on purpose: when the issuer is the provider itself (tpEmit 1) the Sefin reads them
 * from its own register and refuses a DPS that repeats them.
 */
function prestGroup(issuer: DpsInput['issuer']): string {
  const { tag, value } = documentKind(issuer.cnpj);
  return group(
    'prest',
    el(tag, value),
    el('IM', issuer.municipalRegistration && schemaString(issuer.municipalRegistration, 15)),
    el('fone', issuer.phone?.replace(/\D/g, '')),
    el('email', issuer.email && schemaString(issuer.email, 80)),
    regTrib(issuer.regime),
  );
}

function addressGroup(address: DpsAddress | undefined): string {
  if (!address) return '';
  return group(
    'end',
    group('endNac', el('cMun', address.cityIbge), el('CEP', address.cep.replace(/\D/g, ''))),
    el('xLgr', schemaString(address.street, 255)),
    el('nro', schemaString(address.number, 60) || 'S/N'),
    el('xCpl', address.complement && schemaString(address.complement, 156)),
    el('xBairro', schemaString(address.district, 60)),
  );
}

function tomaGroup(buyer: DpsInput['buyer']): string {
  const { tag, value } = documentKind(buyer.document);
  return group(
    'toma',
    el(tag, value),
    el('xNome', schemaString(buyer.name, 300)),
    addressGroup(buyer.address),
    el('fone', buyer.phone?.replace(/\D/g, '')),
    el('email', buyer.email && schemaString(buyer.email, 80)),
  );
}

function servGroup(service: DpsInput['service']): string {
  return group(
    'serv',
    group('locPrest', el('cLocPrestacao', service.placeIbge)),
    group(
      'cServ',
      el('cTribNac', service.nationalCode ?? DEFAULT_SERVICE_CODE),
      el('xDescServ', schemaText(service.description, 2000)),
      el('cNBS', service.nbs ?? DEFAULT_NBS_CODE),
      el('cIntContrib', service.internalCode?.replace(/[^a-zA-Z0-9]/g, '').slice(0, 20)),
    ),
  );
}

function valoresGroup(values: DpsInput['values']): string {
  const discount = values.unconditionalDiscountCents ?? 0;
  return group(
    'valores',
    group('vServPrest', el('vServ', centsToDecimal(values.amountCents))),
    discount > 0 ? group('vDescCondIncond', el('vDescIncond', centsToDecimal(discount))) : '',
    group(
      'trib',
      group(
        'tribMun',
        // 1: a taxable operation; advertising has no immunity or export here.
        el('tribISSQN', '1'),
        el('tpRetISSQN', values.issWithheldByBuyer ? '2' : '1'),
        el(
          'pAliq',
          values.issRateBasisPoints === undefined
            ? undefined
            : basisPointsToPercent(values.issRateBasisPoints),
        ),
      ),
      // indTotTrib 0: no estimate of the total taxes (Decreto 8.264/2014 lets a provider say so
      // instead of the Lei 12.741/2012 estimate); the estimate tables are not part of Urbana.
      group('totTrib', el('indTotTrib', '0')),
    ),
  );
}

/**
 * The IBS/CBS group as 2026, the test year of the tax reform, wants it (LC 214/2025). ASSUMED, the
 * minimal content the schema accepts for an ordinary sale of a service:
 * - finNFSe 0 (a regular invoice, not an adjustment), indFinal 0 (not for the buyer's personal use,
 *   art. 57), indDest 0 (the buyer is also the recipient, so no `dest` group);
 * - cIndOp 100301: the place of the supply is the buyer's main domicile, the general rule for
 *   services in art. 11 of LC 214/2025 (Anexo VII of the layout, the "indicador de operação" table);
 * - CST 000 with cClassTrib 000001: fully taxed at the standard rates, no reduction, deferral or
 *   presumed credit. In 2026 the amounts (0.9 % CBS, 0.1 % IBS) are computed by the Sefin and offset
 *   against PIS/COFINS, so no value is written here.
 * The MEI and the Simples Nacional are outside the 2026 test, so their DPS carries no group at all.
 */
function ibsCbsGroup(input: DpsInput): string {
  if (input.ibsCbs === false) return '';
  if (input.ibsCbs === undefined && (input.issuer.regime === 'mei' || input.issuer.regime === 'simples'))
    return '';
  const chosen = input.ibsCbs ?? {};
  return group(
    'IBSCBS',
    el('finNFSe', '0'),
    el('indFinal', '0'),
    el('cIndOp', chosen.operationIndicator ?? '100301'),
    el('indDest', '0'),
    group(
      'valores',
      group(
        'trib',
        group('gIBSCBS', el('CST', chosen.cst ?? '000'), el('cClassTrib', chosen.classification ?? '000001')),
      ),
    ),
  );
}

/** The DPS, unsigned, and its `Id` (the Reference the signature points at). */
export function buildDps(input: DpsInput): { xml: string; id: string } {
  const id = dpsId(input);
  const infDps = [
    el('tpAmb', String(input.environment)),
    el('dhEmi', brasiliaDateTime(input.issuedAt)),
    el('verAplic', schemaString(input.appVersion ?? 'Urbana 1.0', 20)),
    el('serie', String(input.series)),
    el('nDPS', String(input.number)),
    el('dCompet', input.competence),
    // 1: the provider issues its own DPS (no buyer- or intermediary-issued invoice here).
    el('tpEmit', '1'),
    el('cLocEmi', input.issuer.cityIbge),
    prestGroup(input.issuer),
    tomaGroup(input.buyer),
    servGroup(input.service),
    valoresGroup(input.values),
    ibsCbsGroup(input),
  ].join('');
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<DPS xmlns="${NFSE_NAMESPACE}" versao="${DPS_VERSION}">` +
    `<infDPS Id="${escapeXml(id)}">${infDps}</infDPS></DPS>`;
  return { xml, id };
}
