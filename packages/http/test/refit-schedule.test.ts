/**
 * The server's scheduled refit (`PRICECAT_REFIT_INTERVAL_HOURS`) on a real `pricecat serve` over 127.0.0.1: a small
 * real price list (rows of «Клиника 7», test/price-file.ts) is ingested and its rows decided over HTTP; at the next
 * tick the server refits the ranker from those decisions and logs the figures before and after, writing the model
 * only when the precision gate holds; with no new decision, the next tick skips.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Position } from '@pricecat/core';
import { CLINIC7_CSV_NAME, clinic7CsvBytes } from './price-file.js';

const run = promisify(execFile);
const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(packageDir, 'dist', 'cli.js');
/** 1.8 seconds. */
const INTERVAL_HOURS = '0.0005';

async function ensureBuilt(): Promise<void> {
  const built = existsSync(cli) ? (await stat(cli)).mtimeMs : 0;
  const sources = await readdir(join(packageDir, 'src'), { recursive: true });
  const newest = Math.max(...(await Promise.all(sources.map(async (f) => (await stat(join(packageDir, 'src', f))).mtimeMs))));
  if (newest > built) await run('npx', ['tsup'], { cwd: packageDir });
}

describe('pricecat serve with a scheduled refit', () => {
  let work: string;
  beforeAll(async () => {
    await ensureBuilt();
    work = await mkdtemp(join(tmpdir(), 'pricecat-refit-schedule-'));
  }, 120_000);
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('refuses an interval that is not a number of hours, naming the variable', async () => {
    const result = await run(process.execPath, [cli, 'serve', '--port', '0', '--data-dir', join(work, 'refused')], {
      env: { ...process.env, PRICECAT_REFIT_INTERVAL_HOURS: 'daily' },
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PRICECAT_REFIT_INTERVAL_HOURS должен быть положительным числом часов');
  });

  it('refits from the decisions made over HTTP, logs before and after, writes only past the gate, then skips', async () => {
    const dataDir = join(work, 'data');
    const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data-dir', dataDir], {
      env: { ...process.env, PRICECAT_REFIT_INTERVAL_HOURS: INTERVAL_HOURS },
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const waitFor = async (pattern: RegExp, ms: number, text: () => string) => {
      const started = Date.now();
      while (!pattern.test(text())) {
        if (Date.now() - started > ms) throw new Error(`no ${pattern} within ${ms} ms; stderr:\n${err}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return pattern.exec(text())!;
    };
    try {
      const base = (await waitFor(/listening on (\S+)/, 60_000, () => out))[1]!;
      expect(err).toContain('по решениям аналитиков каждые 0.0005 ч');
      // No decision yet: the first ticks skip.
      await waitFor(/scheduled refit skipped: no decision since the last one \(0 in the log\)/, 30_000, () => err);

      const form = new FormData();
      form.append('file', new Blob([clinic7CsvBytes()]), CLINIC7_CSV_NAME);
      expect((await fetch(new URL('api/ingest', base), { method: 'POST', body: form })).status).toBe(200);
      const positions = ((await (await fetch(new URL('api/positions?limit=50', base))).json()) as Page<Position>).items;
      expect(positions).toHaveLength(5);
      let decided = 0;
      for (const position of positions) {
        const suggestion = position.service_id ?? position.candidates[0]?.service_id;
        const body = suggestion
          ? { position_id: position.position_id, service_id: suggestion, apply_to_identical: false }
          : { position_id: position.position_id };
        const response = await fetch(new URL(suggestion ? 'api/match' : 'api/skip', base), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (response.status === 200) decided += 1;
      }
      expect(decided).toBe(5);

      await waitFor(/scheduled refit of the ranker from 5 logged decisions/, 30_000, () => err);
      const outcome = await waitFor(/Written to (\S+ranker\.json)|scheduled refit not written/, 300_000, () => err);
      const report = err.slice(err.indexOf('scheduled refit of the ranker from 5'));
      expect(report).toMatch(/refit: Rows: \d+ bundled training rows \+ \d+ decided by analysts/);
      expect(report).toMatch(/refit: before \(model in use\)\s+\d+\.\d %/);
      expect(report).toMatch(/refit: after \(refit, out of fold\)\s+(\d+\.\d %|n\/a)/);
      // Written exactly when the log says so, and then only at the target precision out of fold.
      const written = outcome[1] !== undefined;
      expect(existsSync(join(dataDir, 'ranker.json'))).toBe(written);
      const after = /after \(refit, out of fold\)\s+(\d+\.\d) %/.exec(report);
      if (written) expect(Number(after![1])).toBeGreaterThanOrEqual(97);
      else expect(report).toMatch(/below 97\.0 %: not written/);
      // Nothing decided since: the next tick skips.
      await waitFor(/scheduled refit skipped: no decision since the last one \(5 in the log\)/, 30_000, () => err);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 420_000);
});
