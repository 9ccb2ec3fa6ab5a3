/**
 * The NFS-e settings (issue #42 items 3 and 7), read by config.ts from the environment. Paths, not
 * contents: the certificate files are read when the fiscal provider starts.
 */
import type { TaxRegime } from './dps.ts';

/** The NFSE_* and EMPRESA_* variables after config.ts's zod schema. */
export interface NfseEnv {
  NFSE_URL: string;
  NFSE_AMBIENTE: '1' | '2';
  NFSE_CERT_PFX?: string;
  NFSE_CERT_PASSWORD?: string;
  NFSE_CA?: string;
  NFSE_SERIE: string;
  NFSE_ITEM_SERVICO: string;
  NFSE_ALIQUOTA_ISS?: string;
  NFSE_PRAZO_CANCELAMENTO_DIAS: number;
  EMPRESA_CNPJ?: string;
  EMPRESA_RAZAO_SOCIAL?: string;
  EMPRESA_IM?: string;
  EMPRESA_MUNICIPIO_IBGE?: string;
  EMPRESA_REGIME?: TaxRegime;
}

export interface NfseConfig {
  url: string;
  environment: 1 | 2;
  certPfxPath: string | undefined;
  certPassword: string;
  caPath: string | undefined;
  series: string;
  serviceCode: string;
  /** Hundredths of a percent (500 = 5 %), or undefined for the city's own rate. */
  issRateBasisPoints: number | undefined;
  /** Days after issuance in which the cancellation event is sent; past them, a substitution. */
  cancelWindowDays: number;
  issuer: { cnpj: string; name: string; municipalRegistration?: string; cityIbge: string; regime: TaxRegime };
}

/** Undefined when NFSE_URL is empty: Urbana then issues no NFS-e. */
export function nfseConfig(e: NfseEnv): NfseConfig | undefined {
  if (!e.NFSE_URL) return undefined;
  const rate = e.NFSE_ALIQUOTA_ISS?.replace(',', '.');
  return {
    url: e.NFSE_URL.replace(/\/+$/, ''),
    environment: e.NFSE_AMBIENTE === '1' ? 1 : 2,
    certPfxPath: e.NFSE_CERT_PFX || undefined,
    certPassword: e.NFSE_CERT_PASSWORD ?? '',
    caPath: e.NFSE_CA || undefined,
    series: e.NFSE_SERIE,
    serviceCode: e.NFSE_ITEM_SERVICO,
    issRateBasisPoints: rate === undefined ? undefined : Math.round(Number(rate) * 100),
    cancelWindowDays: e.NFSE_PRAZO_CANCELAMENTO_DIAS,
    issuer: {
      cnpj: (e.EMPRESA_CNPJ ?? '').toUpperCase().replace(/[^0-9A-Z]/g, ''),
      name: e.EMPRESA_RAZAO_SOCIAL ?? '',
      municipalRegistration: e.EMPRESA_IM || undefined,
      cityIbge: e.EMPRESA_MUNICIPIO_IBGE ?? '',
      // The most common regime of a small media owner; set EMPRESA_REGIME to be sure.
      regime: e.EMPRESA_REGIME ?? 'simples',
    },
  };
}
