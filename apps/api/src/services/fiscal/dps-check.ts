/**
 * Urbana's own structural check of a DPS, written from DPS_v1.01.xsd (the national layout): the
 * elements Urbana may write, in the schema's order, with their cardinality and the patterns and
 * lengths of their simple types, plus the check digits of CPF and CNPJ and the agreement of `Id` with
 * the fields it is made of, which the Sefin also refuses. Urbana runs it before signing, the simulated
 * Sefin runs it on what it receives, and the tests use it: the official XSD is not shipped with the
 * project. It covers the part of the layout Urbana uses; an element outside it is reported.
 */
import { DOMParser } from '@xmldom/xmldom';
import { isValidDocument } from '@urbana/shared';
import { dpsId, NFSE_NAMESPACE } from './dps.ts';
import { DPS_LAYOUT, type Particle, type Spec } from './dps-layout.ts';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

const elementChildren = (node: Element): Element[] =>
  Array.from(node.childNodes).filter((n): n is Element => n.nodeType === 1);

const textOf = (node: Element): string => node.textContent ?? '';

interface Walk {
  problems: string[];
}

/** The children of `node` against a sequence of particles; returns nothing, writes problems. */
function checkSequence(node: Element, particles: Particle[], path: string, walk: Walk): void {
  const children = elementChildren(node);
  let at = 0;
  const nameAt = () => children[at]?.localName;
  for (const particle of particles) {
    if ('choice' in particle) {
      const option = particle.choice.find((o) => o.name === nameAt());
      if (option) checkElement(children[at++]!, option, `${path}/${option.name}`, walk);
      else if (!particle.optional)
        walk.problems.push(
          `${path}: falta um destes elementos: ${particle.choice.map((o) => o.name).join(', ')}.`,
        );
      continue;
    }
    let count = 0;
    while (nameAt() === particle.name && count < (particle.max ?? 1)) {
      checkElement(children[at++]!, particle, `${path}/${particle.name}`, walk);
      count += 1;
    }
    if (count === 0 && !particle.optional) walk.problems.push(`${path}: falta o elemento ${particle.name}.`);
  }
  for (const extra of children.slice(at))
    walk.problems.push(`${path}: elemento ${extra.localName} inesperado (fora de ordem ou não previsto).`);
}

function checkElement(node: Element, spec: Spec, path: string, walk: Walk): void {
  const namespace = spec.name === 'Signature' ? DSIG : NFSE_NAMESPACE;
  if (node.namespaceURI !== namespace) walk.problems.push(`${path}: namespace deve ser ${namespace}.`);
  // The signature has its own schema (xmldsig); sign.ts verifies it.
  if (spec.name === 'Signature') return;
  if (spec.children) {
    const stray = Array.from(node.childNodes).some(
      (n) => n.nodeType === 3 && textOf(n as Element).trim() !== '',
    );
    if (stray) walk.problems.push(`${path}: texto solto dentro de um grupo.`);
    checkSequence(node, spec.children, path, walk);
    return;
  }
  if (elementChildren(node).length > 0) walk.problems.push(`${path}: não deve conter elementos.`);
  const problem = spec.type?.(textOf(node));
  if (problem) walk.problems.push(`${path}: ${problem}`);
}

/** The value of the first element named `name` under `node` (any depth), or ''. */
const first = (node: Element, name: string): string => {
  const found = node.getElementsByTagNameNS(NFSE_NAMESPACE, name)[0];
  return found ? textOf(found) : '';
};

/** What the schema cannot say: the check digits of CPF and CNPJ. */
function checkDocuments(infDps: Element, walk: Walk): void {
  for (const group of ['prest', 'toma']) {
    const node = infDps.getElementsByTagNameNS(NFSE_NAMESPACE, group)[0];
    if (!node) continue;
    const cnpj = elementChildren(node).find((n) => n.localName === 'CNPJ');
    const cpf = elementChildren(node).find((n) => n.localName === 'CPF');
    if (cnpj && /^[0-9A-Z]{12}\d{2}$/.test(textOf(cnpj)) && !isValidDocument(textOf(cnpj), 'pj'))
      walk.problems.push(
        `DPS/infDPS/${group}/CNPJ: dígitos verificadores do CNPJ ${textOf(cnpj)} não conferem.`,
      );
    if (cpf && /^\d{11}$/.test(textOf(cpf)) && !isValidDocument(textOf(cpf), 'pf'))
      walk.problems.push(
        `DPS/infDPS/${group}/CPF: dígitos verificadores do CPF ${textOf(cpf)} não conferem.`,
      );
  }
}

/** The `Id` must be the one its fields make, and the discount smaller than the value. */
function checkIdAndValues(infDps: Element, walk: Walk): void {
  const prest = infDps.getElementsByTagNameNS(NFSE_NAMESPACE, 'prest')[0];
  const inscription = prest ? first(prest, 'CNPJ') || first(prest, 'CPF') : '';
  const expected = dpsId({
    issuer: { cnpj: inscription, cityIbge: first(infDps, 'cLocEmi'), regime: 'real' },
    series: first(infDps, 'serie'),
    number: first(infDps, 'nDPS'),
  });
  const id = infDps.getAttribute('Id') ?? '';
  if (!/^DPS[0-9]{42}$/.test(id))
    walk.problems.push(
      `DPS/infDPS/@Id: "${id}" não segue o padrão DPS + 42 algarismos (prestador com CNPJ alfanumérico ainda não cabe no leiaute 1.01).`,
    );
  else if (id !== expected)
    walk.problems.push(
      `DPS/infDPS/@Id: "${id}" não corresponde a cLocEmi, inscrição, série e número (esperado ${expected}).`,
    );
  const cents = (v: string) => Math.round(Number(v) * 100);
  const discount = first(infDps, 'vDescIncond');
  if (discount && cents(discount) >= cents(first(infDps, 'vServ')))
    walk.problems.push(
      'DPS/infDPS/valores: o desconto incondicionado deve ser menor que o valor do serviço.',
    );
}

/**
 * The problems of a DPS, in Portuguese, one per line ("caminho: o que está errado"); an empty list
 * when it passes. A signed DPS is accepted (the Signature after infDPS is not checked here).
 */
export function checkDps(xml: string): string[] {
  const parseErrors: string[] = [];
  const keep = (message: string) => void parseErrors.push(message);
  const doc = new DOMParser({ errorHandler: { error: keep, fatalError: keep } }).parseFromString(
    xml,
    'text/xml',
  );
  if (parseErrors.length > 0 || !doc.documentElement) return [`XML malformado: ${parseErrors[0] ?? 'vazio'}`];
  const root = doc.documentElement;
  const walk: Walk = { problems: [] };
  if (root.localName !== 'DPS') return [`o elemento raiz deve ser DPS, não ${root.localName}.`];
  if (root.getAttribute('versao') !== '1.01') walk.problems.push('DPS/@versao: deve ser 1.01.');
  checkElement(root, DPS_LAYOUT, 'DPS', walk);
  const infDps = elementChildren(root)[0];
  if (infDps?.localName === 'infDPS') {
    const structural = walk.problems.length;
    checkDocuments(infDps, walk);
    // Only on a sound structure, lest a missing field also be reported as a wrong Id.
    if (structural === 0) checkIdAndValues(infDps, walk);
  }
  return walk.problems;
}
