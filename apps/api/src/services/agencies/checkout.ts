import { agencyFigures, agencyMessages, certificateValidOn, todayInBrasilia } from '@urbana/shared';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { advertiserBilling, advertiserOfCaller } from './advertisers.ts';
import { agencyOf } from './agency.ts';

/** What an agency's order needs at checkout: for whom, billed how, and whether it earns commission. */
export interface AgencyOrder {
  advertiserId: string;
  agencyId: string;
  /** The certificate is confirmed and valid on the order's date (decision 098). */
  certified: boolean;
  percent: number;
  billing: ReturnType<typeof advertiserBilling>;
}

/**
 * The agency side of an order placed by `userId` (issue #44): null for a direct customer (who cannot
 * name an advertiser); for an agency's person, the advertiser must be one of the agency's, and its
 * billing data are the order's.
 */
export async function agencyOrderOf(
  db: Db | Tx,
  userId: string,
  named: string | null,
  percent: number,
  now: Date = new Date(),
  /** The advertiser when none is named: the checkout's is the cart's (decision 116). */
  fallback?: () => Promise<string | null>,
): Promise<AgencyOrder | null> {
  const found = await agencyOf(db, userId);
  if (!found) {
    if (named) throw new AppError(404, agencyMessages.advertiserNotFound);
    return null;
  }
  const advertiserId = named ?? (fallback ? await fallback() : null);
  if (!advertiserId) throw new AppError(400, agencyMessages.advertiserRequired);
  const advertiser = await advertiserOfCaller(db, userId, advertiserId);
  return {
    advertiserId: advertiser.id,
    agencyId: found.agency.id,
    certified: certificateValidOn(found.agency, todayInBrasilia(now)),
    percent,
    billing: advertiserBilling(advertiser, userId),
  };
}

/** The order's columns of an agency's order, from the shared rule: its total is the net. */
export function agencyColumns(agency: AgencyOrder | null, lines: number, couponDiscount: number) {
  const figures = agencyFigures({
    lines,
    couponDiscount,
    certified: agency?.certified ?? false,
    percent: agency?.percent ?? 0,
  });
  return {
    total: figures.net,
    columns: agency
      ? {
          advertiser_id: agency.advertiserId,
          agency_id: agency.agencyId,
          agency_commission: figures.commission,
          agency_commission_percent: figures.percent,
        }
      : {},
  };
}
