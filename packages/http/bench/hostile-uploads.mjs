// Measures the three heavy hostile uploads of issue #18 against a real `pricecat serve` process, one
// fresh server per case: wall time of the request and the server's peak RSS (VmHWM from /proc).
// Run after `npm run build`: node packages/http/bench/hostile-uploads.mjs
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { amplifyingCsvZip, manyEntriesZip, manyRowsXlsx } from '@pricecat/core/testing';

const cli = join(dirname(dirname(fileURLToPath(import.meta.url))), 'dist', 'cli.js');
const cases = [
  ['1,000,000-row sheet', () => manyRowsXlsx(1_000_000), 'Клиника прайс.xlsx'],
  ['100,000-entry ZIP', () => manyEntriesZip(100_000), 'прайсы.zip'],
  ['59 KB amplifying ZIP (16 × 1 MiB CSV)', () => amplifyingCsvZip(16), 'прайсы.zip'],
];

const peakMiB = async (pid) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024);
};

for (const [name, make, fileName] of cases) {
  const dataDir = await mkdtemp(join(tmpdir(), 'pricecat-bench-'));
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
  });
  const bytes = make();
  const before = await peakMiB(child.pid);
  const body = new FormData();
  body.append('file', new Blob([bytes]), fileName);
  const started = performance.now();
  const response = await fetch(new URL('api/ingest', url), { method: 'POST', body });
  const answer = await response.json();
  const seconds = (performance.now() - started) / 1000;
  const peak = await peakMiB(child.pid);
  console.log(
    `${name}: upload ${(bytes.length / 1024).toFixed(0)} KiB → ${response.status} ${answer.error?.code ?? ''} in ${seconds.toFixed(2)} s; ` +
      `server peak RSS ${peak} MiB (${before} MiB before the request)`,
  );
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
