// Numbers as people type them in pt-BR forms, read strictly: what is not one is NaN, so the field says so.

const decimalPattern = /^[+-]?\d+(?:[.,]\d+)?$/;
const groupedPattern = /^\d{1,3}(?:\.\d{3})+$/;

/**
 * A number typed in pt-BR ("-15,79" or "-15.79"); NaN when it is not one, so the field says so. Only
 * digits, a sign and one decimal mark: `Number` would also take "1e5", "0x1F" or "Infinity".
 */
export const parseDecimal = (value: string) => {
  const typed = value.trim();
  return decimalPattern.test(typed) ? Number(typed.replace(',', '.')) : Number.NaN;
};

/**
 * A count typed in pt-BR: "120000" or "120.000" (a dot groups thousands, as people write audiences),
 * so "120.000" is 120 thousand, not 120. A decimal ("1,5") stays a decimal for the integer rule to
 * refuse; anything else is NaN.
 */
export const parseCount = (value: string) => {
  const typed = value.trim();
  return groupedPattern.test(typed) ? Number(typed.replaceAll('.', '')) : parseDecimal(typed);
};
