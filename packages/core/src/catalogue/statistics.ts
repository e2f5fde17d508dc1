/** Small statistics used by the read models. */

/** Median of numbers; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Rounds to two decimals (tenge have tiyn). */
export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
