import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresTarget } from '@pricecat/core/testing/postgres';
import { CLINIC7_CSV_NAME, clinic7CsvBytes } from './price-file.js';

const run = promisify(execFile);
const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(packageDir, 'dist', 'cli.js');

/** Runs the built CLI; resolves with its exit code and output instead of throwing on a non-zero exit. */
async function pricecat(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  try {
    // The timeout ends a server that starts when it should not (it would outlive the test otherwise).
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Builds `dist/` with tsup when it is missing or older than a source file. */
async function ensureBuilt(): Promise<void> {
  const built = existsSync(cli) ? (await stat(cli)).mtimeMs : 0;
  const sources = await readdir(join(packageDir, 'src'), { recursive: true });
  const newest = Math.max(...(await Promise.all(sources.map(async (f) => (await stat(join(packageDir, 'src', f))).mtimeMs))));
  if (newest > built) await run('npx', ['tsup'], { cwd: packageDir });
}

describe('pricecat CLI', () => {
  let work: string;
  beforeAll(ensureBuilt);
  beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'pricecat-cli-'));
  });
  afterEach(() => rm(work, { recursive: true, force: true }));

  it('prints the usage of serve and ingest for --help', async () => {
    const result = await pricecat(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('pricecat serve [--port N] [--host H] [--data-dir D] [--database-url URL] [--dictionary FILE]');
    expect(result.stdout).toContain('pricecat migrate-store [--data-dir D] --database-url URL');
    expect(result.stdout).toContain('pricecat ingest <zip|file> [--data-dir D]');
  });

  it('exits 2 with the usage for an unknown command or option', async () => {
    const unknown = await pricecat(['start']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Неизвестная команда');
    const badOption = await pricecat(['serve', '--prot', '80']);
    expect(badOption.code).toBe(2);
    expect(badOption.stderr).toContain('--prot');
  });

  it('ingests a real price file into the data dir and prints a table with its 5 positions', async () => {
    const file = join(work, CLINIC7_CSV_NAME);
    await writeFile(file, clinic7CsvBytes());
    const dataDir = join(work, 'data');
    const result = await pricecat(['ingest', file, '--data-dir', dataDir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [header, , row] = result.stdout.split('\n');
    expect(header).toMatch(/^файл\s+статус\s+клиника\s+город\s+дата\s+позиций\s+нормализовано\s+предупреждения \/ ошибка$/);
    expect(row).toContain(CLINIC7_CSV_NAME);
    expect(row).toMatch(/\s5\s/);
    expect(result.stdout).toContain('Файлов: 1, загружено: 1, с ошибкой: 0; позиций: 5');
    expect(await readdir(dataDir)).toContain('catalogue.json');
  });

  it('exits 1 when every file of the ingest failed', async () => {
    const file = join(work, 'notes.bin');
    await writeFile(file, '\u0000\u0001not a price list at all\u0002');
    const result = await pricecat(['ingest', file, '--data-dir', join(work, 'data')]);
    expect(result.code).toBe(1);
    // Either a report row with the error, or the error itself: both name the file.
    expect(`${result.stdout}${result.stderr}`).toContain('notes.bin');
  });

  // Regression: #18, HOST=0.0.0.0 exposed every write endpoint with no token option and no warning.
  it('refuses to serve on a non-loopback address without a token, saying how to fix it', async () => {
    const result = await pricecat(['serve', '--host', '0.0.0.0', '--port', '0', '--data-dir', join(work, 'data')], {
      PRICECAT_TOKEN: '',
      PRICECAT_TOKENS_FILE: '',
      PRICECAT_ALLOW_INSECURE: '',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Сервер не будет слушать 0\.0\.0\.0 без токена API.*PRICECAT_TOKEN.*PRICECAT_ALLOW_INSECURE=1/s);
    expect(existsSync(join(work, 'data', 'pricecat.json'))).toBe(false);
  });

  it('serves on the given port and stops cleanly on SIGTERM', async () => {
    // Regression: #18, an upload's temp file left by a killed server stayed for good: start-up removes it.
    await mkdir(join(work, 'data', 'uploads'), { recursive: true });
    await writeFile(join(work, 'data', 'uploads', 'a1b2c3d4e5f6'), 'half an upload');
    const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data-dir', join(work, 'data')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out);
      });
      child.on('exit', () => reject(new Error(`exited before listening: ${out}`)));
    });
    const match = /^pricecat listening on (http:\/\/127\.0\.0\.1:\d+\/) \(API: \/api, docs: \/api\/docs\)$/m.exec(line);
    expect(match, line).not.toBeNull();
    const base = match?.[1] ?? '';
    expect(await (await fetch(new URL('api/health', base))).json()).toEqual({ status: 'ok' });
    const stats = (await (await fetch(new URL('api/stats', base))).json()) as { services: number };
    expect(stats.services).toBe(1281);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await readdir(join(work, 'data', 'uploads'))).toEqual([]);
    expect(existsSync(join(work, 'data', 'inbox'))).toBe(true);
  });

  it('refuses `pricecat ingest` on the data dir of a running server, naming the server, and ingests once it stops', async () => {
    const dataDir = join(work, 'data');
    const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /listening on (\S+)/.exec(out);
        if (found) resolve(found[1]!);
      });
      child.on('exit', () => reject(new Error(`exited before listening: ${out}`)));
    });
    const file = join(work, CLINIC7_CSV_NAME);
    await writeFile(file, clinic7CsvBytes());
    const refused = await pricecat(['ingest', file, '--data-dir', dataDir]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`pid ${child.pid}`);
    expect(refused.stderr).toContain(`обслуживает ${base.replace(/\/$/, '')}`);
    expect(refused.stderr).toContain('/api/ingest');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const accepted = await pricecat(['ingest', file, '--data-dir', dataDir]);
    expect(accepted.code).toBe(0);
  });
});

const postgres = postgresTarget();

describe.skipIf(!postgres.url)(`pricecat CLI on PostgreSQL${postgres.skip ? ` (skipped: ${postgres.skip})` : ''}`, () => {
  let work: string;
  beforeAll(ensureBuilt);
  beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'pricecat-cli-'));
  });
  afterEach(() => rm(work, { recursive: true, force: true }));

  it('moves an embedded store into PostgreSQL with migrate-store, and refuses to do it twice', async () => {
    const file = join(work, CLINIC7_CSV_NAME);
    await writeFile(file, clinic7CsvBytes());
    const dataDir = join(work, 'data');
    expect((await pricecat(['ingest', file, '--data-dir', dataDir])).code).toBe(0);
    const databaseUrl = await createTestDatabase(postgres.url!, 'cli');

    const moved = await pricecat(['migrate-store', '--data-dir', dataDir, '--database-url', databaseUrl]);
    expect(moved.stderr).toContain('1/1');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/услуг — 1281, клиник — 1, прайс-листов — 1, позиций — 5/);

    const again = await pricecat(['migrate-store', '--data-dir', dataDir], { DATABASE_URL: databaseUrl });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('уже есть данные (прайс-листов: 1, услуг: 1281');

    // DATABASE_URL puts `ingest` on the same database: the second list lands next to the moved one.
    const ingested = await pricecat(['ingest', file, '--data-dir', join(work, 'elsewhere')], { DATABASE_URL: databaseUrl });
    expect(ingested.code).toBe(0);
    expect(ingested.stdout).toContain('позиций: 5');
  });

  it('exits 2 for a database URL that is not a postgres URL, and 1 naming the server it cannot reach', async () => {
    const wrong = await pricecat(['serve', '--database-url', 'mysql://db/x']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('должен начинаться с postgresql://');
    await writeFile(join(work, 'x.csv'), clinic7CsvBytes());
    const unreachable = await pricecat(['ingest', join(work, 'x.csv'), '--database-url', 'postgresql://u:secret@127.0.0.1:1/pricecat']);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain('127.0.0.1:1/pricecat');
    expect(unreachable.stderr).not.toContain('secret');
  });
});
