import { z } from 'zod';

/**
 * The PIX_* settings of the API Pix provider (issue #41), read by config.ts from the environment.
 * Paths, not contents: the certificate files are read when the provider starts.
 */

/** The PIX_* variables of the API Pix provider, part of config.ts's environment schema. */
export const pixPspEnvSchema = {
  PIX_PSP_URL: z.union([z.literal(''), z.string().url()]).default(''),
  PIX_PSP_TOKEN_URL: z.union([z.literal(''), z.string().url()]).optional(),
  PIX_PSP_CLIENT_ID: z.string().optional(),
  PIX_PSP_CLIENT_SECRET: z.string().optional(),
  PIX_PSP_CERT: z.string().optional(),
  PIX_PSP_KEY: z.string().optional(),
  PIX_PSP_CA: z.string().optional(),
  PIX_WEBHOOK_SECRET: z.string().optional(),
  PIX_COBV_MULTA_PERCENT: z.coerce.number().min(0).max(2).default(2),
  PIX_COBV_JUROS_PERCENT_MES: z.coerce.number().min(0).max(1).default(1),
  PIX_PSP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1000).default(16),
  PIX_RECONCILE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
};

/** The PIX_* variables after config.ts's zod schema. */
export type PixPspEnv = z.infer<z.ZodObject<typeof pixPspEnvSchema>>;

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
  /** Connections kept open to the PSP at most; calls beyond them wait for one. */
  maxConnections: number;
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
    maxConnections: e.PIX_PSP_MAX_CONNECTIONS,
  };
}
