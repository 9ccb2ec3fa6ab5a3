/**
 * The one place dates and times become pt-BR text (and `datetime-local` values), on the web and in the
 * API's e-mails, PDFs and CSVs alike. Built on `Intl` with Brasília's time zone, so a page, an e-mail
 * and a PDF show the same day for the same instant, whatever the browser's or the server's zone.
 */

export const TIME_ZONE = 'America/Sao_Paulo';

const day = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dayAndTime = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** "2026-11-21": the ISO calendar day of an instant in Brasília. */
const isoDay = /* @__PURE__ */ new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const calendarDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * → "21/11/2026". A calendar date ("2026-11-21") is shown as written, never shifted by a time zone;
 * an instant (a `Date` or an ISO timestamp) is shown as its day in Brasília.
 */
export function formatDate(value: Date | string): string {
  if (typeof value === 'string') {
    const match = calendarDay.exec(value);
    if (match) return `${match[3]}/${match[2]}/${match[1]}`;
  }
  return day.format(new Date(value));
}

/** An instant → "21/11/2026 às 14:05" in Brasília; "—" when there is none. */
export function formatDateTime(value: Date | string | null): string {
  if (value === null) return '—';
  const parts = dayAndTime.formatToParts(new Date(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} às ${part('hour')}:${part('minute')}`;
}

/** The last minute `todayInBrasilia` formatted, and its day (a checkout asks several times). */
let lastMinute = Number.NaN;
let lastDay = '';

/**
 * Today (or the day of `now`) in Brasília, as an ISO calendar date "2026-11-21". Remembered for the
 * minute: Brasília's offsets from UTC are whole hours, so a day always begins on a minute.
 */
export function todayInBrasilia(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDay = isoDay.format(now);
    lastMinute = minute;
  }
  return lastDay;
}
