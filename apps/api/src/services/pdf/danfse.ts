/**
 * The DANFSe (Documento Auxiliar da NFS-e): the PDF a person reads, drawn only from the NFS-e XML the
 * Sefin returned (issue #42, decision 084) — issuer, buyer, service, values, the access key and where
 * to check it. What it prints is what the Sefin recorded, not what Urbana thinks it sent.
 */
import { DOMParser } from '@xmldom/xmldom';
import { formatDocument, formatMoney } from '@urbana/shared';
import { nfseVerificationUrl } from '../fiscal/sefin-provider.ts';
import { drawFootnote, drawTable, drawTotals, FONT, FONT_BOLD, INK, startPdf } from './pdf-layout.ts';

const NS = 'http://www.sped.fazenda.gov.br/nfse';

/** The text of the first `name` under `node` (any depth), or ''. */
function text(node: Element | undefined, name: string): string {
  return node?.getElementsByTagNameNS(NS, name)[0]?.textContent?.trim() ?? '';
}
const child = (node: Element | undefined, name: string) =>
  node?.getElementsByTagNameNS(NS, name)[0] ?? undefined;

const cents = (value: string) => Math.round(Number(value || '0') * 100);

/** "2026-03-05T14:07:09-03:00" → "05/03/2026 14:07". */
const dateTime = (value: string) =>
  value.replace(/^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d).*$/, '$3/$2/$1 $4:$5');

function party(node: Element | undefined) {
  const document = text(node, 'CNPJ') || text(node, 'CPF');
  const address = child(node, 'enderNac') ?? child(node, 'end');
  return {
    name: text(node, 'xNome'),
    document: document ? `${text(node, 'CNPJ') ? 'CNPJ' : 'CPF'} ${formatDocument(document)}` : '',
    address: address
      ? [text(address, 'xLgr'), text(address, 'nro'), text(address, 'xBairro')].filter(Boolean).join(', ')
      : '',
  };
}

/** What the DANFSe prints, read from the NFS-e XML. */
export function readNfse(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const inf = doc.getElementsByTagNameNS(NS, 'infNFSe')[0];
  if (!inf) throw new Error('XML da NFS-e sem infNFSe');
  const dps = child(inf, 'infDPS');
  const valores = Array.from(inf.childNodes).find(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === 'valores',
  );
  return {
    chave: (inf.getAttribute('Id') ?? '').replace(/^NFS/, ''),
    number: text(inf, 'nNFSe'),
    processedAt: text(inf, 'dhProc'),
    place: text(inf, 'xLocPrestacao'),
    serviceName: text(inf, 'xTribNac'),
    issuer: party(child(inf, 'emit')),
    buyer: party(child(dps, 'toma')),
    dps: { series: text(dps, 'serie'), number: text(dps, 'nDPS'), competence: text(dps, 'dCompet') },
    service: { code: text(dps, 'cTribNac'), description: text(dps, 'xDescServ') },
    values: {
      service: cents(text(dps, 'vServ')),
      discount: cents(text(dps, 'vDescIncond')),
      base: cents(text(valores, 'vBC')),
      rate: text(valores, 'pAliqAplic'),
      iss: cents(text(valores, 'vISSQN')),
      net: cents(text(valores, 'vLiq')),
    },
  };
}

function drawParty(doc: PDFKit.PDFDocument, title: string, p: ReturnType<typeof party>) {
  doc.font(FONT_BOLD).fontSize(11).fillColor(INK).text(title);
  doc.font(FONT).fontSize(10).fillColor('#334155');
  for (const line of [p.name, p.document, p.address]) if (line) doc.text(line);
  doc.moveDown(0.5);
}

/** The DANFSe PDF of an NFS-e XML; `cancelled` prints that the NFS-e was cancelled. */
export async function danfsePdf(xml: string, cancelled = false) {
  const n = readNfse(xml);
  const { doc, width, end } = await startPdf(
    { Title: `NFS-e ${n.number} — Urbana` },
    {
      title: `DANFSe · NFS-e nº ${n.number}`,
      beside: true,
      lines: [
        'Documento Auxiliar da Nota Fiscal de Serviço eletrônica (NFS-e Padrão Nacional)',
        `Emitida em ${dateTime(n.processedAt)} · DPS série ${n.dps.series} nº ${n.dps.number} · Competência ${n.dps.competence.split('-').reverse().join('/')}`,
      ],
    },
  );
  doc.moveDown();
  if (cancelled) doc.font(FONT_BOLD).fontSize(14).fillColor('#b91c1c').text('NFS-e CANCELADA').moveDown(0.5);
  doc.font(FONT_BOLD).fontSize(10).fillColor(INK).text('Chave de acesso');
  doc
    .font(FONT)
    .fontSize(11)
    .text(n.chave.replace(/(\d{5})(?=\d)/g, '$1 '), { width });
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor('#334155')
    .text(`Consulte a autenticidade em ${nfseVerificationUrl(n.chave)}`, {
      width,
    });
  doc.moveDown();
  drawParty(doc, 'Prestador do serviço', n.issuer);
  drawParty(doc, 'Tomador do serviço', n.buyer);
  drawTable(
    doc,
    [
      { header: 'Serviço', width: 150 },
      { header: 'Descrição', width: width - 150 },
    ],
    [[`${n.service.code}\n${n.serviceName}`, `${n.service.description}\nLocal da prestação: ${n.place}`]],
  );
  drawTotals(doc, [
    { label: 'Valor do serviço', value: formatMoney(n.values.service) },
    ...(n.values.discount
      ? [{ label: 'Desconto incondicionado', value: `−${formatMoney(n.values.discount)}` }]
      : []),
    { label: 'Base de cálculo do ISS', value: formatMoney(n.values.base) },
    { label: `ISS (${n.values.rate.replace('.', ',')} %)`, value: formatMoney(n.values.iss) },
    { label: 'Valor líquido', value: formatMoney(n.values.net), bold: true },
  ]);
  drawFootnote(doc, [
    'Representação simplificada da NFS-e, gerada pela Urbana a partir do XML devolvido pela Sefin Nacional. O documento fiscal é o XML; confira-o pela chave de acesso no portal nacional da NFS-e.',
  ]);
  return { number: n.number, pdf: await end() };
}
