import { defineConfig } from 'tsup';

/**
 * Two outputs from one `build`:
 * - the library `dist/index.js` (+ `.d.ts`) for bundlers, with `lit` left as a dependency and the wire
 *   types imported from `@pricecat/core/contract` (types only);
 * - the production bundle `dist/pricecat.bundle.js`: every element with Lit inside, minified, one file
 *   that the server (and any plain HTML page) loads with a single `<script type="module">`.
 * Neither cleans `dist`: the two builds run side by side and must not delete each other's files.
 */
export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm'],
    dts: true,
    clean: false,
    sourcemap: true,
    target: 'es2022',
    external: ['lit', /^lit\//, /^@lit\//],
    // The contract's limits (plain numbers) are inlined; its types stay an import of the optional peer
    // `@pricecat/core/contract` in the `.d.ts`.
    noExternal: [/^@pricecat\/core\/contract/],
  },
  {
    entry: { 'pricecat.bundle': 'src/bundle.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    sourcemap: true,
    minify: true,
    target: 'es2022',
    noExternal: [/.*/],
    platform: 'browser',
    outExtension: () => ({ js: '.js' }),
  },
]);
