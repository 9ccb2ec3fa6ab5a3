/**
 * Figures of the staff screens and the reports' CSV: amounts without the symbol, compact money for
 * chart axes, percentages. Apart from money.ts so public pages do not load them.
 */

const compactMoney = /* @__PURE__ */ new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
});
const amount = /* @__PURE__ */ new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Integer centavos → "R$ 1,2 mi": a chart axis, where the exact figure is in the tooltip. */
export function formatCompactMoney(centavos: number): string {
  return compactMoney.format(centavos / 100);
}

/** Integer centavos → "1.234,56" without the symbol: a price input's value, a spreadsheet cell. */
export function formatAmount(centavos: number): string {
  return amount.format(Math.round(centavos) / 100);
}

/** A rate (0.123) → "12,3%"; `minimumFractionDigits` 1 keeps "50,0%" for columns of figures. */
export function formatPercent(rate: number, minimumFractionDigits: 0 | 1 = 0): string {
  const digits = { minimumFractionDigits, maximumFractionDigits: 1 };
  return `${(rate * 100).toLocaleString('pt-BR', digits)}%`;
}
