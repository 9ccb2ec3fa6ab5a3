/**
 * The issuer's ICP-Brasil A1 certificate: a PKCS#12 file (NFSE_CERT_PFX) and its password
 * (NFSE_CERT_PASSWORD). The same file signs the DPS and opens the mTLS connection to the Sefin. Node's
 * crypto cannot read PKCS#12, so node-forge unpacks it into the PEM that xml-crypto signs with; the TLS
 * side gives the file to Node as it is (`pfx`).
 */
import forge from 'node-forge';

export interface A1Certificate {
  /** The PKCS#12 bytes and password, for the TLS client. */
  pfx: Buffer;
  passphrase: string;
  privateKeyPem: string;
  certificatePem: string;
  /** CN of the subject: "RAZAO SOCIAL:CNPJ" on an ICP-Brasil e-CNPJ. */
  subjectName: string;
  notAfter: Date;
}

export class CertificateError extends Error {}

/** The first bag of a type, whichever of the two places PKCS#12 writers put keys in. */
function firstBag(p12: forge.pkcs12.Pkcs12Pfx, type: string): forge.pkcs12.Bag | undefined {
  return p12.getBags({ bagType: type })[type]?.[0];
}

export function loadA1Certificate(pfx: Buffer, passphrase: string): A1Certificate {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  } catch {
    throw new CertificateError(
      'Certificado A1 ilegível ou senha incorreta (NFSE_CERT_PFX, NFSE_CERT_PASSWORD).',
    );
  }
  const keyBag = firstBag(p12, forge.pki.oids.pkcs8ShroudedKeyBag!) ?? firstBag(p12, forge.pki.oids.keyBag!);
  const certBag = firstBag(p12, forge.pki.oids.certBag!);
  if (!keyBag?.key || !certBag?.cert)
    throw new CertificateError('O arquivo do certificado A1 não traz a chave privada e o certificado.');
  return {
    pfx,
    passphrase,
    privateKeyPem: forge.pki.privateKeyToPem(keyBag.key),
    certificatePem: forge.pki.certificateToPem(certBag.cert),
    subjectName: String(certBag.cert.subject.getField('CN')?.value ?? ''),
    notAfter: certBag.cert.validity.notAfter,
  };
}
