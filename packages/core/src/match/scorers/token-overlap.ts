/**
 * Weighted token overlap (Dice coefficient over stems, each stem weighted by its rarity in the
 * dictionary): shared rare words (`коленного`, `ферритин`) count more than shared common ones (`прием`).
 */

/** Weight of a stem: higher for rarer stems. Unknown stems get the highest weight. */
export type StemWeight = (stem: string) => number;

/** Weighted Dice similarity of two stem lists, 0..1. */
export function scoreTokenOverlap(a: readonly string[], b: readonly string[], weight: StemWeight): number {
  const setA = new Set(a);
  const setB = new Set(b);
  let total = 0;
  let common = 0;
  for (const stem of setA) {
    const w = weight(stem);
    total += w;
    if (setB.has(stem)) common += w;
  }
  for (const stem of setB) {
    const w = weight(stem);
    total += w;
    if (setA.has(stem)) common += w;
  }
  // `common` already counts each shared stem once from each side, as Dice's 2·|A∩B| does.
  return total === 0 ? 0 : common / total;
}
