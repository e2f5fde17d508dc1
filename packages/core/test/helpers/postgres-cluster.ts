/**
 * A throwaway PostgreSQL cluster for tests: `initdb` into a temporary directory, `pg_ctl start` on a
 * private Unix socket (no TCP port is opened), `stop()` removes everything. One cluster per test run
 * (vitest `globalSetup`, {@link setupPostgresForVitest}); each test file takes a fresh database from it
 * ({@link usePostgresDatabase}). Published to other packages' tests as `@pricecat/core/testing/postgres`.
 *
 * Without PostgreSQL binaries nothing starts: the suites that need a database report that they skip and
 * why (Debian: `apt-get install postgresql postgresql-contrib`).
 *
 * @module
 */
import { execFile as execFileCallback, spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { inject } from 'vitest';

const execFile = promisify(execFileCallback);

/** The role the cluster is initialised with; it owns every database (`initdb -U`). */
export const TEST_CLUSTER_USER = 'pricecat';

/** A running throwaway cluster. */
export interface PostgresCluster {
  /** Directory of the Unix socket; connect with `host=<socketDir>`. */
  readonly socketDir: string;
  /** Names the socket file (`.s.PGSQL.<port>`); no TCP port is listened on. */
  readonly port: number;
  /** A connection string for `database` over the socket. */
  url(database?: string): string;
  /** Stops the server (immediate mode) and removes its directory; safe to call twice. */
  stop(): Promise<void>;
}

/** What the global setup hands to test files: a cluster's admin URL, or why there is none. */
export type PostgresTestTarget = { readonly url: string; readonly skip?: undefined } | { readonly url?: undefined; readonly skip: string };

/**
 * The `bin` directory of the newest PostgreSQL found (Debian's `/usr/lib/postgresql/<major>/bin`, then
 * `PATH`), or `null` when there is no `initdb`. `PRICECAT_PG_BIN` names a directory explicitly.
 */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string | null {
  const explicit = env.PRICECAT_PG_BIN;
  if (explicit) return existsSync(join(explicit, 'initdb')) ? explicit : null;
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const majors = readdirSync(debianRoot)
      .filter((name) => /^\d+$/.test(name) && existsSync(join(debianRoot, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (majors[0] !== undefined) return join(debianRoot, majors[0], 'bin');
  }
  for (const dir of (env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

/**
 * Starts a cluster in a new temporary directory. As root, `initdb` and `pg_ctl` run as the `postgres`
 * user through `runuser` (initdb refuses root) and the directories are handed to that user; otherwise
 * they run as the current user. Settings favour speed over durability (`fsync=off`): test data only.
 */
export async function startPostgresCluster(options: { readonly bin?: string; readonly port?: number } = {}): Promise<PostgresCluster> {
  const bin = options.bin ?? findPostgresBin();
  if (!bin) throw new Error(postgresMissingReason());
  const port = options.port ?? 5432;
  const root = await mkdtemp(join(tmpdir(), 'pricecat-pg-'));
  const dataDir = join(root, 'data');
  const socketDir = join(root, 'sock');
  await mkdir(dataDir);
  await mkdir(socketDir);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = await postgresIds();
    for (const dir of [root, dataDir, socketDir]) chownSync(dir, uid, gid);
  }
  const run = (program: string, args: readonly string[]) =>
    asRoot
      ? execFile('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { cwd: root })
      : execFile(join(bin, program), [...args], { cwd: root });

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stopOnExit);
    await run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    await rm(root, { recursive: true, force: true });
  };
  // A test run killed halfway should not leave a postmaster behind ('exit' handlers must be synchronous).
  const stopOnExit = () => {
    const args = ['-D', dataDir, '-m', 'immediate', 'stop'];
    if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args], { stdio: 'ignore' });
    else spawnSync(join(bin, 'pg_ctl'), args, { stdio: 'ignore' });
  };

  try {
    await run('initdb', ['-D', dataDir, '-A', 'trust', '-U', TEST_CLUSTER_USER, '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    const serverOptions = [
      `-p ${port}`,
      `-k ${socketDir}`,
      "-c listen_addresses=''",
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ].join(' ');
    await run('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', join(root, 'server.log'), '-w', '-t', '60', 'start']);
    process.on('exit', stopOnExit);
    const url = (database = 'postgres') =>
      `postgresql://${TEST_CLUSTER_USER}@localhost/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}&port=${port}`;
    // pg_trgm in template1: every database created later has it already.
    await withClient(url('template1'), (client) => client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm'));
    return { socketDir, port, url, stop };
  } catch (error) {
    await stop();
    throw new Error(`Could not start a throwaway PostgreSQL cluster in ${root}: ${messageOf(error)}`, { cause: error });
  }
}

/** Why PostgreSQL suites skip on this machine. */
export function postgresMissingReason(): string {
  return (
    'no PostgreSQL server binaries (initdb) found in /usr/lib/postgresql/*/bin or PATH; install them ' +
    '(Debian: apt-get install postgresql postgresql-contrib) or set PRICECAT_PG_BIN, to run the PostgreSQL suites'
  );
}

/**
 * Creates a new, empty database on the cluster at `adminUrl` and returns its connection string. Names
 * are unique per call, so test files running in parallel never share one.
 */
export async function createTestDatabase(adminUrl: string, prefix = 'test'): Promise<string> {
  const name = `${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${process.pid}_${Date.now().toString(36)}_${(++databaseCounter).toString(36)}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * Vitest `globalSetup` body: starts one cluster for the whole run and provides its admin URL to test
 * files as `inject('postgres')`, or the reason there is none. `PRICECAT_TEST_POSTGRES=0` turns it off.
 */
export async function setupPostgresForVitest(project: {
  provide(key: 'postgres', value: PostgresTestTarget): void;
}): Promise<() => Promise<void>> {
  const skip = (reason: string) => {
    // One line per run, so a skipped PostgreSQL suite is never silent (the describe names repeat it).
    process.stderr.write(`pricecat tests: the PostgreSQL suites skip: ${reason}\n`);
    project.provide('postgres', { skip: reason });
    return async () => {};
  };
  if (process.env.PRICECAT_TEST_POSTGRES === '0') return skip('PRICECAT_TEST_POSTGRES=0 switched them off');
  const bin = findPostgresBin();
  if (!bin) return skip(postgresMissingReason());
  let cluster: PostgresCluster;
  try {
    cluster = await startPostgresCluster({ bin });
  } catch (error) {
    // The other suites still run; the reason (initdb's own words) is printed, never swallowed.
    return skip(error instanceof Error ? error.message : String(error));
  }
  project.provide('postgres', { url: cluster.url('postgres') });
  return () => cluster.stop();
}

/**
 * In a test file: the run's cluster (admin URL) or why there is none. Name the skipped `describe` with
 * `skip`, so the reason is printed.
 */
export function postgresTarget(): PostgresTestTarget {
  return inject('postgres') ?? { skip: 'the vitest config has no PostgreSQL globalSetup (setupPostgresForVitest)' };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster of {@link setupPostgresForVitest}. */
    postgres: PostgresTestTarget;
  }
}

// ---- internal helpers ----

let databaseCounter = 0;

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await execFile('id', ['-u', 'postgres']);
  const { stdout: gid } = await execFile('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'stderr' in error && typeof error.stderr === 'string' && error.stderr.trim()) {
    return error.stderr.trim();
  }
  return error instanceof Error ? error.message : String(error);
}
