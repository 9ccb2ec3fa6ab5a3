/**
 * The cancellation of an NFS-e (event e101101, pedRegEvento v1.01), which Urbana signs like the DPS
 * and posts to /nfse/{chave}/eventos when staff cancel an invoiced order (issue #42 item 7).
 */
import { normalizeDocument } from '@urbana/shared';
import { brasiliaDateTime, DPS_VERSION, NFSE_NAMESPACE } from './dps.ts';
import { el, escapeXml, schemaString } from './xml-text.ts';

export interface CancelEventInput {
  environment: 1 | 2;
  /** The issuer's CNPJ (or CPF), the event's author. */
  author: string;
  chaveAcesso: string;
  /** cMotivo: 1 erro na emissão, 2 serviço não prestado, 9 outros. */
  reason: '1' | '2' | '9';
  /** xMotivo: 15 to 255 characters. */
  description: string;
  at: Date;
  /** nPedRegEvento: 1 for the first request of this event on this NFS-e. */
  sequence?: number;
  appVersion?: string;
}

/** `TSIdPedRefEvt`: "PRE" + access key (50) + event type (6) + request number (3). */
export const cancelEventId = (chaveAcesso: string, sequence = 1): string =>
  `PRE${chaveAcesso}101101${String(sequence).padStart(3, '0')}`;

/** The unsigned request; sign it with signXml(xml, 'infPedReg', certificate). */
export function buildCancelEvent(input: CancelEventInput): { xml: string; id: string } {
  const author = normalizeDocument(input.author);
  const id = cancelEventId(input.chaveAcesso, input.sequence);
  const inner = [
    el('tpAmb', String(input.environment)),
    el('verAplic', schemaString(input.appVersion ?? 'Urbana 1.0', 20)),
    el('dhEvento', brasiliaDateTime(input.at)),
    el(author.length === 11 ? 'CPFAutor' : 'CNPJAutor', author),
    el('chNFSe', input.chaveAcesso),
    el('nPedRegEvento', String(input.sequence ?? 1)),
    `<e101101>${el('xDesc', 'Cancelamento de NFS-e')}${el('cMotivo', input.reason)}${el('xMotivo', schemaString(input.description, 255))}</e101101>`,
  ].join('');
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<pedRegEvento xmlns="${NFSE_NAMESPACE}" versao="${DPS_VERSION}">` +
    `<infPedReg Id="${escapeXml(id)}">${inner}</infPedReg></pedRegEvento>`;
  return { xml, id };
}
