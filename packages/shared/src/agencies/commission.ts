/**
 * The agency commission (desconto-padrão, Normas-Padrão do CENP): written once here, applied by the
 * checkout, the proposals and the PI, and shown by invoices, NFS-e data, reports and CSVs
 * (issue #44, docs/decisions/098-agency-commission-order.md).
 */

/** `AGENCY_COMMISSION_PERCENT` when unset: the 20 % floor the Normas-Padrão set (item 2.5). */
export const DEFAULT_AGENCY_COMMISSION_PERCENT = 20;
/** The CENP's floor and the highest share Urbana accepts from the setting. */
export const AGENCY_COMMISSION_MIN_PERCENT = 20;
export const AGENCY_COMMISSION_MAX_PERCENT = 50;

/** What the rule needs of an agency: staff's confirmation and the certificate's last valid day. */
export interface AgencyCertificate {
  /** When staff confirmed the agency's CENP certificate; null while it waits. */
  confirmed_at: Date | string | null;
  /** The certificate's last valid day, ISO "2027-06-30"; null when the agency has none. */
  cenp_valid_until: string | null;
}

/**
 * Whether an agency earns the desconto-padrão on an order placed on `orderDay` (ISO, Brasília): its
 * certificate was confirmed by staff and is still valid that day (the last day included).
 */
export function certificateValidOn(agency: AgencyCertificate | null | undefined, orderDay: string): boolean {
  if (!agency || agency.confirmed_at === null || agency.cenp_valid_until === null) return false;
  return orderDay <= agency.cenp_valid_until.slice(0, 10);
}

/** The three figures of an order: gross media value, the agency's commission, and the net paid. */
export interface AgencyFigures {
  gross: number;
  commission: number;
  net: number;
  /** The percent applied; null when there is no commission. */
  percent: number | null;
}

/**
 * The figures of an order, in the order decision 098 states: the lines' prices (list price less the
 * long-run discount, or a proposal's agreed prices), less the coupon, make the gross media value; the
 * desconto-padrão is `percent` of that gross, rounded to the centavo (half up); the net is what is
 * paid. A direct customer, or an agency without a certificate valid that day, has no commission.
 */
export function agencyFigures(input: {
  /** The lines' total after the long-run discount or the proposal's prices, in centavos. */
  lines: number;
  couponDiscount: number;
  certified: boolean;
  percent: number;
}): AgencyFigures {
  const gross = Math.max(0, input.lines - input.couponDiscount);
  if (!input.certified || gross === 0) return { gross, commission: 0, net: gross, percent: null };
  const commission = Math.min(gross, Math.round((gross * input.percent) / 100));
  return { gross, commission, net: gross - commission, percent: input.percent };
}

/**
 * The figures of a stored order or invoice: `total` is the net paid; orders from before agencies (or a
 * direct customer's) have no commission, so their gross is their total.
 */
export function storedFigures(row: {
  total: number;
  agency_commission?: number | null;
  agency_commission_percent?: number | null;
}): AgencyFigures {
  const commission = row.agency_commission ?? 0;
  return {
    gross: row.total + commission,
    commission,
    net: row.total,
    percent: commission > 0 ? (row.agency_commission_percent ?? null) : null,
  };
}

/** How invoices, the PI, reports and CSVs name the three figures. */
export const agencyFigureLabels = {
  gross: 'Valor bruto da veiculação',
  commission: 'Desconto-padrão de agência',
  commissionWithPercent: (percent: number) =>
    `Desconto-padrão de agência (${String(percent).replace('.', ',')} %)`,
  net: 'Valor líquido',
} as const;
