const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });
const integer = new Intl.NumberFormat('pt-BR');

/** Integer centavos → "R$ 1.234,56". */
export function formatMoney(centavos: number): string {
  // Intl puts a non-breaking space after R$; a normal space reads and copies the same everywhere.
  return currency.format(centavos / 100).replace(/\u00a0/g, ' ');
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
