/**
 * The Sefin Nacional as the fiscal worker reaches it: the A1 certificate read from NFSE_CERT_PFX once,
 * the client over mTLS, and the public address where anyone checks an NFS-e by its access key.
 */
import { readFileSync } from 'node:fs';
import { CertificateError, loadA1Certificate, type A1Certificate } from './a1-certificate.ts';
import type { NfseConfig } from './nfse-config.ts';
import { createSefinClient, type SefinClient } from './sefin-client.ts';

export interface SefinProvider {
  certificate: A1Certificate;
  client: SefinClient;
}

const cache = new WeakMap<NfseConfig, SefinProvider>();

/** The provider of these settings; throws CertificateError (in Portuguese) when the files are wrong. */
export function sefinProvider(config: NfseConfig, timeoutMs?: number): SefinProvider {
  const cached = timeoutMs === undefined ? cache.get(config) : undefined;
  if (cached) return cached;
  if (!config.certPfxPath) throw new CertificateError('NFSE_CERT_PFX não configurado: sem certificado A1.');
  let pfx: Buffer;
  let ca: string | undefined;
  try {
    pfx = readFileSync(config.certPfxPath);
    ca = config.caPath ? readFileSync(config.caPath, 'utf8') : undefined;
  } catch (error) {
    throw new CertificateError(`Arquivo do certificado ilegível: ${(error as Error).message}`);
  }
  const certificate = loadA1Certificate(pfx, config.certPassword);
  const client = createSefinClient({ url: config.url, pfx, passphrase: config.certPassword, ca, timeoutMs });
  const provider = { certificate, client };
  if (timeoutMs === undefined) cache.set(config, provider);
  return provider;
}

/**
 * Where a person checks an NFS-e by its access key: the national portal's public query (ASSUMED
 * address, decision 084; the DANFSe prints it beside the key).
 */
export const nfseVerificationUrl = (chaveAcesso: string): string =>
  `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${encodeURIComponent(chaveAcesso)}`;
