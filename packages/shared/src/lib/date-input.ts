/**
 * `datetime-local` fields (staff forms: coupon windows, scheduled e-mails) read and written in
 * Brasília time, whatever the device's zone. Apart from dates.ts so public pages do not load it.
 */
import { TIME_ZONE } from './dates.ts';

const isoDayAndTime = /* @__PURE__ */ new Intl.DateTimeFormat('sv-SE', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

const offset = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  timeZoneName: 'longOffset',
});

/** An instant → the value of a `datetime-local` input ("2026-11-21T14:05") in Brasília time. */
export function toDateTimeInput(value: Date | string | null): string {
  return value ? isoDayAndTime.format(new Date(value)).replace(' ', 'T') : '';
}

/**
 * A `datetime-local` value ("2026-11-21T14:05") read as Brasília time → an ISO timestamp with its
 * offset ("2026-11-21T14:05:00-03:00"); empty → null. A malformed value is passed on for the schema
 * to refuse.
 */
export function fromDateTimeInput(value: string): string | null {
  if (!value) return null;
  const guess = new Date(`${value}:00Z`);
  if (Number.isNaN(guess.getTime())) return `${value}:00`;
  const zone = offset.formatToParts(guess).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-03:00';
  const sign = zone === 'GMT' ? '+00:00' : zone.slice(3);
  return `${value}:00${sign}`;
}
