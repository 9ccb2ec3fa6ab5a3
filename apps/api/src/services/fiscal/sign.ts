/**
 * The enveloped XML-DSig signature the Sefin Nacional requires on a DPS (and on an event request):
 * one Reference to the `Id` of `infDPS` (or `infPedReg`), the transforms enveloped-signature and
 * inclusive C14N 1.0, RSA-SHA256 over a SHA-256 digest, and the signer's certificate in KeyInfo so
 * that the receiver checks it without knowing it beforehand. Written with xml-crypto, not by hand.
 */
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import type { A1Certificate } from './a1-certificate.ts';

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * Signs the element `signedElement` (a child of the root carrying an `Id`) and appends the Signature
 * to the root, after it, where the schemas place `ds:Signature`.
 */
export function signXml(xml: string, signedElement: string, certificate: A1Certificate): string {
  const sig = new SignedXml({
    privateKey: certificate.privateKeyPem,
    publicCert: certificate.certificatePem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: C14N,
  });
  sig.addReference({
    xpath: `/*/*[local-name(.)='${signedElement}']`,
    transforms: [ENVELOPED, C14N],
    digestAlgorithm: SHA256,
  });
  sig.computeSignature(xml, { location: { reference: '/*', action: 'append' } });
  return sig.getSignedXml();
}

export const signDps = (xml: string, certificate: A1Certificate): string =>
  signXml(xml, 'infDPS', certificate);

export interface SignatureCheck {
  valid: boolean;
  /** Why not, in Portuguese. */
  problems: string[];
  /** The signer's certificate (PEM) from KeyInfo, when there was one. */
  certificatePem?: string;
}

/** The single Signature that must sit right under the root, or a problem. */
function rootSignature(xml: string): { node?: Node; id?: string; problem?: string } {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (!root) return { problem: 'XML ilegível.' };
  const signatures = Array.from(root.getElementsByTagNameNS(DSIG, 'Signature'));
  if (signatures.length !== 1)
    return { problem: `esperada uma assinatura, encontradas ${signatures.length}.` };
  const node = signatures[0]!;
  if (node.parentNode !== root) return { problem: 'a assinatura deve ser filha do elemento raiz.' };
  const signed = Array.from(root.childNodes).find((n) => n.nodeType === 1 && n !== node) as
    Element | undefined;
  return { node, id: signed?.getAttribute('Id') ?? undefined };
}

/** The X509Certificate of KeyInfo as PEM (xml-crypto's own reader). */
function keyInfoCertificate(signature: Node): string | null {
  const keyInfo = (signature as Element).getElementsByTagNameNS(DSIG, 'KeyInfo')[0] ?? null;
  return SignedXml.getCertFromKeyInfo(keyInfo);
}

/** What the Sefin requires of the verified signature beyond its validity, read from its SignedInfo. */
function algorithmProblems(signature: Element, id: string): string[] {
  const algorithm = (name: string) =>
    Array.from(signature.getElementsByTagNameNS(DSIG, name)).map((n) => n.getAttribute('Algorithm'));
  const references = Array.from(signature.getElementsByTagNameNS(DSIG, 'Reference'));
  const problems: string[] = [];
  if (algorithm('SignatureMethod')[0] !== RSA_SHA256)
    problems.push('Assinatura: o algoritmo deve ser RSA-SHA256.');
  if (algorithm('DigestMethod').some((a) => a !== SHA256))
    problems.push('Assinatura: o resumo deve ser SHA-256.');
  if (references.length !== 1 || references[0]!.getAttribute('URI') !== `#${id}`)
    problems.push(`Assinatura: a referência deve ser "#${id}".`);
  return problems;
}

/**
 * Verifies the enveloped signature of a DPS (or event) with the certificate it carries, and that it
 * covers exactly the signed element: a valid signature over something else proves nothing. It does
 * not judge whether the certificate is trustworthy (ICP-Brasil chain): that is the receiver's call.
 */
export function verifyDps(xml: string): SignatureCheck {
  const found = rootSignature(xml);
  if (!found.node) return { valid: false, problems: [`Assinatura: ${found.problem}`] };
  const certificatePem = keyInfoCertificate(found.node);
  if (!certificatePem) return { valid: false, problems: ['Assinatura: KeyInfo sem X509Certificate.'] };
  const sig = new SignedXml({ publicCert: certificatePem, getCertFromKeyInfo: () => null });
  try {
    sig.loadSignature(found.node);
    if (!sig.checkSignature(xml)) return { valid: false, problems: ['Assinatura inválida.'], certificatePem };
  } catch (error) {
    return { valid: false, problems: [`Assinatura inválida: ${(error as Error).message}`], certificatePem };
  }
  const problems = algorithmProblems(found.node as Element, found.id ?? '');
  return { valid: problems.length === 0, problems, certificatePem };
}
