/**
 * The booking calendar: ISO dates, weeks from a Monday, the periods and the earliest start. Its own
 * module, so a page that needs dates does not carry the rest of the catalogue's vocabulary.
 */
import { formatDate } from './lib/dates.ts';

// ISO yyyy-mm-dd strings in the Brasília calendar, never Date arithmetic on local time.

export type IsoDate = string;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): boolean {
  if (!ISO.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The latest booking start: a start plus up to 52 weeks must stay a four-digit year, the only form
 * yyyy-mm-dd (and the database's date input) takes.
 */
export const LATEST_START_DATE: IsoDate = '9998-12-31';

/** A real calendar date that a booking may start on as far as the format goes (lead time aside). */
export function isStartDate(value: string): boolean {
  return isIsoDate(value) && value <= LATEST_START_DATE;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Monday of the week of `day`: the inventory calendar starts on this week's Monday by default. */
export function mondayOf(day: IsoDate): IsoDate {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * Whole weeks from the chosen date, as a half-open range [start, end) with end = start + 7 × weeks:
 * the form the database's date ranges take. People never see `end`: they see the last day
 * (`bookingLastDay`), see decision 021.
 */
export function periodEnd(start: IsoDate, weeks: number): IsoDate {
  return addDays(start, 7 * weeks);
}

/** The booking's last day on air, inclusive: start + 7 × weeks − 1 (issue #16 item 4, decision 021). */
export function bookingLastDay(start: IsoDate, weeks: number): IsoDate {
  return addDays(start, 7 * weeks - 1);
}

/** The one way a booking period is written: "de 09/12/2026 até 22/12/2026" (inclusive last day). */
export function formatBookingPeriod(start: IsoDate, weeks: number): string {
  return `de ${formatDate(start)} até ${formatDate(bookingLastDay(start, weeks))}`;
}

/** The same text from a database range [start, end): for pages that hold the range, not the weeks. */
export function formatBookingRange(start: IsoDate, endExclusive: IsoDate): string {
  return `de ${formatDate(start)} até ${formatDate(addDays(endExclusive, -1))}`;
}

export const DEFAULT_LEAD_BUSINESS_DAYS = 2;

/** The first day a booking may start: today plus the lead time in business days (Mon–Fri). */
export function earliestBookableStart(
  today: IsoDate,
  leadBusinessDays: number = DEFAULT_LEAD_BUSINESS_DAYS,
): IsoDate {
  let date = today;
  let left = leadBusinessDays;
  while (left > 0) {
    date = addDays(date, 1);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date;
}
