/**
 * The vocabulary's data files (assets/vocabulary/*.tsv, *.txt) are imported as their text: tsup's `text` loader
 * bundles them (tsup.config.ts), vitest reads them the same way (vitest.config.ts).
 */
declare module '*.tsv' {
  const text: string;
  export default text;
}
declare module '*.txt' {
  const text: string;
  export default text;
}
