// Packs every published package (`npm pack`), installs the tarballs into an empty project and runs
// there what each package's README shows. The install is offline: this machine has no registry, so
// the empty project gets a lockfile cut from the monorepo's (the packages' production dependencies,
// transitively, at the versions the monorepo tested) and `npm ci --offline` takes them from the npm cache
// that the monorepo's own `npm ci` filled. Then:
// - @pricecat/core: its TypeScript example (plain JS as written), on a ZIP of a real price list;
// - @pricecat/http: its example server (until it prints its URL; then /api/stats and /api/docs/ must
//   answer 200) and `npx pricecat --help`;
// - @pricecat/web-components: the per-element entries and custom-elements.json resolve by the export map.
// Usage: npm run build && node scripts/check-packages.mjs   (about a minute; prints one line per check)
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const data = process.env.PRICECAT_DATA_DIR ?? join(repo, '../shared/data');
const work = mkdtempSync(join(tmpdir(), 'pricecat-pack-'));
const app = join(work, 'app');
const failures = [];

function step(name, run) {
  try {
    const detail = run();
    console.log(`ok   ${name}${detail ? ` — ${detail}` : ''}`);
  } catch (error) {
    failures.push(name);
    console.log(`FAIL ${name} — ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The first fenced block of `lang` in a README. */
function example(readme, lang) {
  const match = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(readFileSync(readme, 'utf8'));
  if (!match) throw new Error(`${readme} has no \`\`\`${lang} block`);
  return match[1];
}

/** Writes the empty project's package.json (the three tarballs) and its lockfile (see the header). */
function writeEmptyProject() {
  const monorepo = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')).packages;
  const tarballs = Object.fromEntries(
    readdirSync(work)
      .filter((f) => f.endsWith('.tgz'))
      .map((f) => [f.replace(/^pricecat-(.*)-\d+\.\d+\.\d+\.tgz$/, '@pricecat/$1'), f]),
  );
  const dependencies = Object.fromEntries(Object.entries(tarballs).map(([name, file]) => [name, `file:../${file}`]));
  const packages = { '': { name: 'empty-project', dependencies } };
  const wanted = (meta) => ({
    ...meta.dependencies,
    ...meta.optionalDependencies,
    ...Object.fromEntries(Object.entries(meta.peerDependencies ?? {}).filter(([name]) => !meta.peerDependenciesMeta?.[name]?.optional)),
  });
  /** npm's lookup: `<from>/node_modules/<name>`, then each parent's, then the root's. */
  const locate = (from, name) => {
    for (let at = from; ; at = at.slice(0, Math.max(0, at.lastIndexOf('/node_modules/')))) {
      const path = at === '' ? `node_modules/${name}` : `${at}/node_modules/${name}`;
      if (monorepo[path] && !monorepo[path].link) return path;
      if (at === '') return undefined;
    }
  };
  const queue = [];
  for (const [name, file] of Object.entries(tarballs)) {
    const manifest = JSON.parse(readFileSync(join(repo, 'packages', name.slice('@pricecat/'.length), 'package.json'), 'utf8'));
    const bytes = readFileSync(join(work, file));
    packages[`node_modules/${name}`] = {
      version: manifest.version,
      resolved: `file:../${file}`,
      integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
      license: manifest.license,
      dependencies: manifest.dependencies,
      ...(manifest.peerDependencies ? { peerDependencies: manifest.peerDependencies, peerDependenciesMeta: manifest.peerDependenciesMeta } : {}),
      ...(manifest.bin ? { bin: manifest.bin } : {}),
    };
    queue.push([`packages/${name.slice('@pricecat/'.length)}`, wanted(manifest)]);
  }
  while (queue.length > 0) {
    const [from, deps] = queue.shift();
    for (const name of Object.keys(deps)) {
      if (name.startsWith('@pricecat/')) continue;
      const path = locate(from, name);
      if (!path) continue; // an optional dependency the monorepo did not install
      // A workspace's own copy (`packages/core/node_modules/x`) sits under the installed package there.
      const target = path.replace(/^packages\/([^/]+)\//, 'node_modules/@pricecat/$1/');
      if (packages[target]) continue;
      const { dev, devOptional, peer, ...entry } = monorepo[path];
      packages[target] = entry;
      queue.push([path, wanted(entry)]);
    }
  }
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'empty-project', private: true, type: 'module', dependencies }, null, 2));
  writeFileSync(join(app, 'package-lock.json'), JSON.stringify({ name: 'empty-project', lockfileVersion: 3, requires: true, packages }, null, 2));
}

const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false' } });

try {
  step('npm pack of the three packages', () => {
    npm(['pack', '-w', '@pricecat/core', '-w', '@pricecat/http', '-w', '@pricecat/web-components', '--pack-destination', work], repo);
    return readdirSync(work).filter((f) => f.endsWith('.tgz')).join(', ');
  });
  execFileSync('mkdir', ['-p', app]);
  step('installs into an empty project, offline', () => {
    writeEmptyProject();
    npm(['ci', '--offline'], app);
    const installed = readdirSync(join(app, 'node_modules'));
    for (const unwanted of ['@scarf', 'swagger-ui-dist', '@huggingface']) if (installed.includes(unwanted)) throw new Error(`${unwanted} was installed`);
    return `${installed.length} top-level packages; no @scarf, swagger-ui-dist or @huggingface`;
  });

  step('@pricecat/core: the README example runs on a real price list', () => {
    const list = 'Клиника 6 прайс 2026.xlsx';
    writeFileSync(join(app, 'prices.zip'), zipSync({ [list]: new Uint8Array(readFileSync(join(data, 'archive', list))) }));
    writeFileSync(join(app, 'core-example.mjs'), example(join(repo, 'packages/core/README.md'), 'ts'));
    const out = execFileSync(process.execPath, ['core-example.mjs'], { cwd: app, encoding: 'utf8', timeout: 240_000 });
    if (!/positions/.test(out)) throw new Error(`unexpected output: ${out.slice(0, 300)}`);
    return out.replace(/\s+/g, ' ').slice(0, 120);
  });

  await (async () => {
    const name = '@pricecat/http: the README example server answers /api/stats and /api/docs/';
    try {
      const source = example(join(repo, 'packages/http/README.md'), 'ts').replace('port: 8080', 'port: 0');
      writeFileSync(join(app, 'http-example.mjs'), source);
      const child = spawn(process.execPath, ['http-example.mjs'], { cwd: app, stdio: ['ignore', 'pipe', 'inherit'] });
      let output = '';
      const url = await new Promise((resolveUrl, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${output}`)), 60_000);
        child.stdout.on('data', (chunk) => {
          output += chunk;
          const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(output)?.[0];
          if (found) {
            clearTimeout(timer);
            resolveUrl(found);
          }
        });
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      try {
        for (const path of ['api/stats', 'api/docs/']) {
          const response = await fetch(new URL(path, url));
          if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
        }
      } finally {
        child.kill();
      }
      console.log(`ok   ${name}`);
    } catch (error) {
      failures.push(name);
      console.log(`FAIL ${name} — ${error instanceof Error ? error.message : String(error)}`);
    }
  })();

  step('@pricecat/http: npx pricecat runs the installed CLI', () => {
    const out = execFileSync('npx', ['--offline', 'pricecat', '--help'], { cwd: app, encoding: 'utf8' });
    if (!out.includes('pricecat serve')) throw new Error(out.slice(0, 200));
  });

  step('@pricecat/web-components: per-element entries and custom-elements.json resolve', () => {
    const check = `
      const entries = ['@pricecat/web-components', '@pricecat/web-components/elements/search', '@pricecat/web-components/elements/comparison', '@pricecat/web-components/custom-elements.json'];
      const { existsSync } = await import('node:fs');
      const { fileURLToPath } = await import('node:url');
      for (const entry of entries) if (!existsSync(fileURLToPath(import.meta.resolve(entry)))) throw new Error(entry);
      const manifest = JSON.parse((await import('node:fs')).readFileSync(fileURLToPath(import.meta.resolve('@pricecat/web-components/custom-elements.json')), 'utf8'));
      console.log(manifest.modules.map((m) => m.declarations[0].tagName).join(' '));`;
    writeFileSync(join(app, 'wc-check.mjs'), check);
    return execFileSync(process.execPath, ['wc-check.mjs'], { cwd: app, encoding: 'utf8' }).trim();
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.log(`${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('every package installs into an empty project and its README example runs there');
