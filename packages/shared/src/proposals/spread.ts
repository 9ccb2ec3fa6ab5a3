/**
 * A total spread over lines in proportion to their prices (issue #44 item 4, decision 116): integer
 * centavos by the largest remainder — each line gets the floor of its exact share, and the centavos
 * left go one each to the lines with the largest remainders, the earlier line first on a tie — so the
 * lines always sum to the total exactly and the same inputs always give the same prices.
 *
 * `caps` (a line's table price) bound each share: a line whose share passes its cap gets the cap, and
 * what is left is spread again over the other lines. The caller keeps the total within the caps' sum.
 */
export function spreadTotal(total: number, weights: readonly number[], caps?: readonly number[]): number[] {
  const prices = weights.map(() => 0);
  let open = weights.map((_, i) => i).filter((i) => !caps || caps[i]! > 0);
  let left = total;
  while (open.length > 0) {
    const shares = largestRemainder(
      left,
      open.map((i) => weights[i]!),
      open.map((i) => caps?.[i] ?? 1),
    );
    const over = open.filter((i, k) => caps && shares[k]! > caps[i]!);
    if (over.length === 0) {
      open.forEach((i, k) => (prices[i] = shares[k]!));
      return prices;
    }
    for (const i of over) {
      prices[i] = caps![i]!;
      left -= caps![i]!;
    }
    open = open.filter((i) => !over.includes(i));
  }
  return prices;
}

/** `total` over `weights` by the largest remainder; all-zero weights fall back to `fallback`'s. */
function largestRemainder(total: number, weights: number[], fallback: number[]): number[] {
  const w = weights.some((x) => x > 0)
    ? weights
    : fallback.some((x) => x > 0)
      ? fallback
      : weights.map(() => 1);
  const sum = w.reduce((s, x) => s + BigInt(x), 0n);
  const big = BigInt(total);
  const base = w.map((x) => (big * BigInt(x)) / sum);
  const rest = w.map((x) => (big * BigInt(x)) % sum);
  let left = big - base.reduce((s, x) => s + x, 0n);
  const order = w
    .map((_, i) => i)
    .sort((a, b) => (rest[b]! > rest[a]! ? 1 : rest[b]! < rest[a]! ? -1 : a - b));
  for (const i of order) {
    if (left <= 0n) break;
    base[i] = base[i]! + 1n;
    left -= 1n;
  }
  return base.map(Number);
}
