// The public surface of each package entry: every runtime name and type it exports (read from the built
// `.d.ts` through the TypeScript compiler), and where outside the package each is used (the other packages'
// sources and tests, the examples). `--unused` lists the names nothing outside uses.
// Usage: npm run build && node scripts/public-surface.mjs [--unused]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const ENTRIES = {
  '@pricecat/core': 'packages/core/dist/index.d.ts',
  '@pricecat/http': 'packages/http/dist/index.d.ts',
};

function exportsOf(dts) {
  const program = ts.createProgram([join(repo, dts)], { allowJs: false, noEmit: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(join(repo, dts)));
  return checker.getExportsOfModule(module).map((symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const runtime = (target.flags & (ts.SymbolFlags.Value)) !== 0;
    return { name: symbol.getName(), runtime };
  });
}

function files(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (/\.(ts|mjs|js|html)$/.test(name)) out.push(path);
  }
  return out;
}

const showUnused = process.argv.includes('--unused');
for (const [pkg, dts] of Object.entries(ENTRIES)) {
  const own = join(repo, 'packages', pkg.split('/')[1]);
  const outside = [...files(join(repo, 'packages')).filter((f) => !f.startsWith(own + '/')), ...files(join(repo, 'examples'))];
  const text = outside.map((f) => readFileSync(f, 'utf8')).join('\n');
  const names = exportsOf(dts);
  const used = names.filter((n) => new RegExp(`\\b${n.name}\\b`).test(text));
  const runtime = names.filter((n) => n.runtime);
  const runtimeUsed = used.filter((n) => n.runtime);
  console.log(`${pkg}: ${runtime.length} runtime names (${runtimeUsed.length} used outside it), ${names.length - runtime.length} types (${used.length - runtimeUsed.length} used outside it)`);
  if (showUnused) {
    const unused = names.filter((n) => !used.includes(n));
    console.log(`  unused runtime: ${unused.filter((n) => n.runtime).map((n) => n.name).join(', ')}`);
    console.log(`  unused types: ${unused.filter((n) => !n.runtime).map((n) => n.name).join(', ')}`);
  }
}
