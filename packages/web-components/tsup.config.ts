import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * One entry per element: `src/<name>/<name>.ts` files that register an element (`define(…)`), found
 * on disk so a new element gets its entry without editing this file.
 */
function elementEntries(prefix: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const dir of readdirSync('src', { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const file = `src/${dir.name}/${dir.name}.ts`;
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    if (/\bdefine\(\s*'pricecat-/.test(source)) entries[`${prefix}${dir.name}`] = file;
  }
  return entries;
}

/**
 * Three outputs from one `build`; none cleans `dist`, since they run side by side:
 * - the library for bundlers: `dist/index.js` (every element) and `dist/elements/<name>.js` (one element
 *   each, e.g. `@pricecat/web-components/elements/search`), `lit` left as a dependency and the wire
 *   types imported from `@pricecat/core/contract` (types only);
 * - the production bundle `dist/pricecat.bundle.js`: every element with Lit inside, minified, one file
 *   that the server's own page loads under a content-hashed URL;
 * - the browser modules `dist/browser/`: `pricecat.js` (every element) and `pricecat-<name>.js` (one
 *   element), Lit inside, shared code in chunks, for a plain HTML page of another site; the server
 *   serves them under the versioned URL `/assets/v<version>/` (docs/web-ui.md, «Embedding»).
 */
export default defineConfig([
  {
    entry: { index: 'src/index.ts', ...elementEntries('elements/') },
    format: ['esm'],
    dts: true,
    clean: false,
    sourcemap: true,
    splitting: true,
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
  {
    entry: {
      pricecat: 'src/bundle.ts',
      ...Object.fromEntries(Object.entries(elementEntries('')).map(([name, file]) => [`pricecat-${name}`, file])),
    },
    outDir: 'dist/browser',
    format: ['esm'],
    dts: false,
    clean: false,
    sourcemap: false,
    minify: true,
    splitting: true,
    target: 'es2022',
    noExternal: [/.*/],
    platform: 'browser',
    outExtension: () => ({ js: '.js' }),
  },
]);
