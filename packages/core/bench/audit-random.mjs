// Shared by the blind audits (audit-sample.mjs, audit-pages.mjs): the seeded draw and a row's page.

/** A seeded generator of numbers in [0, 1) (mulberry32). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `k` distinct integers in [0, n), in the order drawn. */
export function pickDistinct(n, k, random) {
  const chosen = new Set();
  while (chosen.size < k) chosen.add(Math.floor(random() * n));
  return [...chosen];
}

/** The page an extracted PDF row comes from: its table is named `page N` (the tables of one page share it). */
export function pageOf(row) {
  return Number(/\d+/.exec(row.source.table)?.[0]);
}
