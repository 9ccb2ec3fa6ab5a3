/**
 * The PIX_* settings of the API Pix provider (issue #41), read by config.ts from the environment.
 * Paths, not contents: the certificate files are read when the provider starts.
 */

/** The PIX_* variables after config.ts's zod schema. */
export interface PixPspEnv {
  PIX_PSP_URL: string;
  PIX_PSP_TOKEN_URL?: string;
  PIX_PSP_CLIENT_ID?: string;
  PIX_PSP_CLIENT_SECRET?: string;
  PIX_PSP_CERT?: string;
  PIX_PSP_KEY?: string;
  PIX_PSP_CA?: string;
  PIX_WEBHOOK_SECRET?: string;
  PIX_COBV_MULTA_PERCENT: number;
  PIX_COBV_JUROS_PERCENT_MES: number;
  PIX_RECONCILE_MINUTES: number;
}

export interface PixPspConfig {
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  certPath: string | undefined;
  keyPath: string | undefined;
  caPath: string | undefined;
  /** The fine (percent of the amount) and interest (percent a month) of a charge with a due date. */
  cobvFinePercent: number;
  cobvInterestPercentMonth: number;
  reconcileMinutes: number;
}

/** Undefined when PIX_PSP_URL is empty: Urbana then shows the static BR Code and staff confirm. */
export function pixPspConfig(e: PixPspEnv): PixPspConfig | undefined {
  if (!e.PIX_PSP_URL) return undefined;
  const url = e.PIX_PSP_URL.replace(/\/+$/, '');
  return {
    url,
    tokenUrl: e.PIX_PSP_TOKEN_URL || `${new URL(url).origin}/oauth/token`,
    clientId: e.PIX_PSP_CLIENT_ID ?? '',
    clientSecret: e.PIX_PSP_CLIENT_SECRET ?? '',
    certPath: e.PIX_PSP_CERT || undefined,
    keyPath: e.PIX_PSP_KEY || undefined,
    caPath: e.PIX_PSP_CA || undefined,
    cobvFinePercent: e.PIX_COBV_MULTA_PERCENT,
    cobvInterestPercentMonth: e.PIX_COBV_JUROS_PERCENT_MES,
    reconcileMinutes: e.PIX_RECONCILE_MINUTES,
  };
}
