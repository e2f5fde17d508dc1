// Finds import circles between the source files of each package (what `madge --circular` reports),
// type-only imports included: a circle of types still ties the files' layers together. Also checks the
// core's bottom layer: `src/model/` imports only itself and `src/contract/limits.ts` (which imports nothing).
// Run by `npm test`. Usage: node scripts/import-cycles.mjs [--list]   exit 1 on a circle or a layer breach.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sources(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sources(path));
    else if (/\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name)) files.push(path);
  }
  return files;
}

/** The graph of one package's `src`: file → files it imports. */
function graphOf(src) {
  const graph = new Map();
  for (const file of sources(src)) {
    const edges = [];
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), (match[1] ?? match[2]).replace(/\.js$/, '.ts'));
      edges.push(target);
    }
    graph.set(file, edges.filter((target) => target !== file));
  }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan). */
function circles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (node) => {
    meta.set(node, { index, low: index, onStack: true });
    index++;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!meta.has(next)) {
        visit(next);
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
      } else if (meta.get(next).onStack) {
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
      }
    }
    if (meta.get(node).low === meta.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        meta.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!meta.has(node)) visit(node);
  return found;
}

let total = 0;
for (const pkg of readdirSync(join(repo, 'packages'))) {
  const src = join(repo, 'packages', pkg, 'src');
  let found;
  try {
    found = circles(graphOf(src));
  } catch {
    continue;
  }
  total += found.length;
  console.log(`${pkg}: ${found.length === 0 ? 'no import circle' : `${found.length} circle(s)`}`);
  if (process.argv.includes('--list')) {
    for (const component of found) console.log(`  ${component.length} files: ${component.map((f) => relative(src, f)).sort().join(', ')}`);
  }
}
// The bottom layer of the core.
const coreSrc = join(repo, 'packages', 'core', 'src');
const bottom = [join(coreSrc, 'model'), join(coreSrc, 'contract', 'limits.ts')];
let breaches = 0;
for (const [file, edges] of graphOf(coreSrc)) {
  if (!bottom.some((b) => file === b || file.startsWith(`${b}/`))) continue;
  for (const target of edges) {
    if (bottom.some((b) => target === b || target.startsWith(`${b}/`))) continue;
    breaches++;
    console.log(`core: ${relative(coreSrc, file)} (bottom layer) imports ${relative(coreSrc, target)}`);
  }
}
if (breaches === 0) console.log('core: the model layer imports only itself and contract/limits.ts');
process.exit(total === 0 && breaches === 0 ? 0 : 1);
