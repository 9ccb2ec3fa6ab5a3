/**
 * The one place money and numbers become pt-BR text, on the web and in the API's e-mails, PDFs and
 * CSVs alike, built on `Intl`.
 */

const money = /* @__PURE__ */ new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const integer = /* @__PURE__ */ new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/**
 * Integer centavos → "R$ 1.234,56" ("-R$ 0,05" below zero). The space after "R$" is a no-break space
 * (U+00A0), so "R$" never ends a line apart from its amount.
 */
export function formatMoney(centavos: number): string {
  return money.format(Math.round(centavos) / 100);
}

/** 1234567 → "1.234.567" (rounded to a whole number). */
export function formatInteger(value: number): string {
  return integer.format(value);
}

/** A count and its noun, agreed: (1, 'cliente', 'clientes') → "1 cliente"; 1234 → "1.234 clientes". */
export function formatCount(value: number, singular: string, plural: string): string {
  return `${formatInteger(value)} ${value === 1 ? singular : plural}`;
}

/** 1.25 → "1,3" with `fractionDigits` = 1: at most that many decimals, none when whole ("2"). */
export function formatDecimal(value: number, fractionDigits: number): string {
  return value.toLocaleString('pt-BR', { maximumFractionDigits: fractionDigits });
}
