import { formatBRL } from '@urbana/shared';

const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });
const integer = new Intl.NumberFormat('pt-BR');

/**
 * Integer centavos → "R$ 1.234,56", written by the shared formatter (the same text as e-mails and PDFs),
 * with its no-break space after "R$" so the symbol never ends a line alone.
 */
export function formatMoney(centavos: number): string {
  return formatBRL(centavos);
}

/** → "21/11/2026". A calendar date ("2026-11-21") is shown as is, never shifted by a time zone. */
export function formatDate(value: Date | string): string {
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
    return date.format(new Date(value));
  }
  return date.format(value);
}

export function formatInteger(value: number): string {
  return integer.format(value);
}
