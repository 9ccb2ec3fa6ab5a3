/**
 * The NFS-e the simulated Sefin answers (NFSe_v1.01.xsd, `TCNFSe`), kept to its required elements and
 * in their order, with the DPS embedded as received. The real one is signed by the Sefin; this one is
 * not, since nothing in Urbana verifies the Sefin's signature yet.
 */
import { randomInt } from 'node:crypto';

/** The text of the first `<name>` in `xml`, or ''. Enough for documents already checked. */
export const tagValue = (xml: string, name: string): string =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';

/** Check digit modulo 11 with weights 2..9 from the right, as the fiscal documents' keys use. */
function mod11(digits: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return String(rest < 2 ? 0 : 11 - rest);
}

/**
 * The access key (`TSChaveNFSe`, 50 digits), as `TSIdNFSe` describes it: city (7) + generating
 * environment (1, 2 = Sefin Nacional) + kind of registration (1) + registration (14) + NFS-e number
 * (13) + year and month (4) + random code (9) + check digit (1).
 */
export function accessKey(dpsXml: string, number: number): string {
  const cnpj = /<prest>\s*<CNPJ>([^<]+)<\/CNPJ>/.exec(dpsXml)?.[1];
  const inscription = cnpj ?? tagValue(/<prest>[\s\S]*<\/prest>/.exec(dpsXml)?.[0] ?? '', 'CPF');
  const issued = tagValue(dpsXml, 'dhEmi');
  const body = [
    tagValue(dpsXml, 'cLocEmi'),
    '2',
    cnpj ? '2' : '1',
    inscription.replace(/\D/g, '0').padStart(14, '0'),
    String(number).padStart(13, '0'),
    issued.slice(2, 4) + issued.slice(5, 7),
    String(randomInt(0, 1_000_000_000)).padStart(9, '0'),
  ].join('');
  return body + mod11(body);
}

export function buildNfseXml(dpsXml: string, chaveAcesso: string, number: number): string {
  const money = (cents: number) => (cents / 100).toFixed(2);
  const cents = (v: string) => Math.round(Number(v || '0') * 100);
  const base = cents(tagValue(dpsXml, 'vServ')) - cents(tagValue(dpsXml, 'vDescIncond'));
  const rate = Number(tagValue(dpsXml, 'pAliq') || '5');
  const iss = Math.round((base * rate) / 100);
  const city = tagValue(dpsXml, 'cLocEmi');
  const dps = dpsXml.replace(/^<\?xml[^>]*\?>/, '');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"><infNFSe Id="NFS${chaveAcesso}">` +
    `<xLocEmi>Município ${city}</xLocEmi><xLocPrestacao>Município ${tagValue(dpsXml, 'cLocPrestacao')}</xLocPrestacao>` +
    `<nNFSe>${number}</nNFSe><cLocIncid>${city}</cLocIncid><xLocIncid>Município ${city}</xLocIncid>` +
    `<xTribNac>Inserção de textos, desenhos e outros materiais de propaganda e publicidade, em qualquer meio</xTribNac>` +
    `<verAplic>simulador</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis><cStat>100</cStat>` +
    `<dhProc>${tagValue(dpsXml, 'dhEmi')}</dhProc><nDFSe>${number}</nDFSe>` +
    `<emit><CNPJ>${tagValue(dpsXml, 'CNPJ')}</CNPJ><xNome>Emitente simulado</xNome>` +
    `<enderNac><xLgr>Rua do Emitente</xLgr><nro>1</nro><xBairro>Centro</xBairro><cMun>${city}</cMun><UF>DF</UF><CEP>70000000</CEP></enderNac></emit>` +
    `<valores><vBC>${money(base)}</vBC><pAliqAplic>${rate.toFixed(2)}</pAliqAplic><vISSQN>${money(iss)}</vISSQN>` +
    `<vLiq>${money(base)}</vLiq></valores>${dps}</infNFSe></NFSe>`
  );
}
