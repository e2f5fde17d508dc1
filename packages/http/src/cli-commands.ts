/**
 * What `pricecat serve` and `pricecat ingest` do once their arguments are parsed: open the store (lowdb
 * in the data directory, or PostgreSQL with a database URL), make sure it has a dictionary, then serve or
 * ingest.
 *
 * @module
 */
import { mkdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { createCatalogue, embedderFromEnv, loadDictionary, type Catalogue, type Service, type Storage } from '@pricecat/core';
import { aliasesFromEnv, createFileEmbeddingCache, createNodeFolderAccess, createTesseractOcr, loadDefaultDictionary } from '@pricecat/core/node';
import { everyFileFailed, formatIngestReport } from './cli-report.js';
import { openStorage, describeStore } from './open-storage.js';
import { loadRankerFile, rankerFileOf } from './ranker-file.js';
import { REFIT_INTERVAL_ENV, refitIntervalFromEnv, startRefitSchedule } from './refit-schedule.js';
import { isLoopback, loadSecurityConfig, watchRoots as defaultWatchRoots } from './security-config.js';
import { startServer } from './server.js';
import { cleanUploadDir } from './upload-dir.js';
import type { CliIo } from './cli-io.js';

export type { CliIo } from './cli-io.js';

/**
 * Opens the catalogue on the lowdb data directory `dataDir` (taking its lock: a second process writing
 * the same directory, such as `pricecat ingest` beside a running server, gets an error naming the
 * server), or on PostgreSQL when `databaseUrl` is given. With `dictionaryFile` its services are added (ids are
 * stable, so known entries are kept as they are); without it the bundled dictionary is loaded only into
 * a store that has no services yet, so a store seeded from a custom dictionary is not mixed with it.
 */
export async function openCatalogue(
  dataDir: string,
  dictionaryFile: string | undefined,
  io?: CliIo,
  watchRoots: readonly string[] = defaultWatchRoots(process.env, dataDir),
  databaseUrl?: string,
): Promise<Catalogue & { readonly setOwnerUrl: (url: string) => Promise<void>; readonly storage: Storage }> {
  const storage = await openStorage({ dataDir, databaseUrl });
  io?.err(`pricecat: данные в ${describeStore({ dataDir, databaseUrl })}\n`);
  let services: readonly Service[] | undefined;
  if (dictionaryFile !== undefined) {
    services = await loadDictionary(new Uint8Array(await readFile(dictionaryFile)), basename(dictionaryFile));
  } else if ((await storage.listServices()).length === 0) {
    services = await loadDefaultDictionary();
  }
  // PDF pages without a text layer are read with tesseract when it is installed; else reported as skipped.
  const ocr = (await createTesseractOcr()) ?? undefined;
  io?.err(
    ocr
      ? `pricecat: распознавание страниц PDF без текста: ${ocr.name}\n`
      : 'pricecat: распознавание выключено (установите tesseract-ocr и tesseract-ocr-rus, чтобы читать страницы PDF без текстового слоя)\n',
  );
  // Embeddings are the cascade's last stage when PRICECAT_EMBEDDINGS_MODEL is set; vectors are cached in the
  // data folder, so a later upload (or a restart) embeds only names it has not seen.
  const embedder = embedderFromEnv(process.env, createFileEmbeddingCache(join(resolve(dataDir), 'embeddings.jsonl'))) ?? undefined;
  io?.err(embedder ? `pricecat: векторы включены (${embedder.model})\n` : 'pricecat: векторы выключены (задайте PRICECAT_EMBEDDINGS_MODEL, чтобы включить их)\n');
  // A dictionary other than the bundled one brings the aliases of its names (PRICECAT_ALIASES: a TSV or JSON file).
  const aliases = await aliasesFromEnv(process.env);
  if (aliases) io?.err(`pricecat: сокращения из ${aliases.source} (записей: ${aliases.entries.size})\n`);
  const warn = (message: string) => io?.err(`pricecat: ${message}\n`);
  // The watched folder (`/api/settings`, `/api/scan`) reads the server's file system, inside these roots only.
  const defaultInbox = join(resolve(dataDir), 'inbox');
  if (watchRoots.includes(defaultInbox)) await mkdir(defaultInbox, { recursive: true });
  io?.err(`pricecat: папки для просмотра разрешены внутри ${watchRoots.join(', ')} (PRICECAT_WATCH_ROOTS)\n`);
  // A model refitted from this deployment's decisions (`pricecat refit --write`) replaces the bundled one.
  const ranker = await loadRankerFile(dataDir);
  if (ranker) io?.err(`pricecat: модель ранжирования переобучена по решениям аналитиков (${rankerFileOf(dataDir)})\n`);
  const catalogue = await createCatalogue({
    storage,
    services,
    ...(ranker && { ranker }),
    ocr,
    folder: createNodeFolderAccess({ roots: watchRoots }),
    warn,
    ...(aliases && { aliases }),
    ...(embedder && { embedder }),
  });
  // The lowdb store names its running server in the lock file; PostgreSQL has no lock file to name it in.
  return Object.assign(catalogue, { setOwnerUrl: async (url: string) => storage.setOwnerUrl?.(url), storage });
}

/** Serves until SIGINT or SIGTERM, then closes the server and the catalogue. */
export async function runServe(
  options: {
    readonly port: number;
    readonly host: string;
    readonly dataDir: string;
    readonly dictionary: string | undefined;
    readonly databaseUrl?: string | undefined;
  },
  io: CliIo,
): Promise<void> {
  // Refuse a bad or unsafe configuration before anything is opened.
  const security = await loadSecurityConfig(process.env, { host: options.host, dataDir: options.dataDir });
  const refitEveryMs = refitIntervalFromEnv(process.env);
  if ((security.access.tokens ?? []).length === 0 && !isLoopback(options.host)) {
    io.err(`pricecat: ВНИМАНИЕ: сервер слушает ${options.host} без токена API (PRICECAT_ALLOW_INSECURE=1); любой в сети может изменить каталог\n`);
  }
  const uploadDir = join(resolve(options.dataDir), 'uploads');
  const removed = await cleanUploadDir(uploadDir);
  if (removed > 0) io.err(`pricecat: удалено временных файлов загрузок, оставшихся от прошлого запуска: ${removed}\n`);
  const catalogue = await openCatalogue(options.dataDir, options.dictionary, io, security.watchRoots, options.databaseUrl);
  const prefix = '/api';
  const running = await startServer({
    catalogue,
    port: options.port,
    host: options.host,
    prefix,
    access: security.access,
    uploadLimits: { uploadDir },
  }).catch(async (error: unknown) => {
    await catalogue.close();
    throw error;
  });
  await catalogue.setOwnerUrl(running.url);
  // The ranker refitted from the analysts' decisions on a schedule, when asked (refit-schedule.ts).
  const refit =
    refitEveryMs === null
      ? null
      : startRefitSchedule({ storage: catalogue.storage, dataDir: options.dataDir, intervalMs: refitEveryMs, log: io.err });
  io.err(
    refit
      ? `pricecat: переобучение модели ранжирования по решениям аналитиков каждые ${refitEveryMs! / 3_600_000} ч (${REFIT_INTERVAL_ENV}); записывается только при точности ≥ 97 % вне обучающей выборки\n`
      : `pricecat: переобучение по расписанию выключено (задайте ${REFIT_INTERVAL_ENV}, чтобы переобучать модель ранжирования по решениям аналитиков)\n`,
  );
  io.out(`pricecat listening on ${running.url} (API: ${prefix}, docs: ${prefix}/docs)\n`);

  await new Promise<void>((done) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      io.err(`pricecat: получен ${signal}, сервер останавливается\n`);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await refit?.stop();
  await running.close();
  await catalogue.close();
}

/** Ingests one file and prints the report; resolves to the exit code (1 when every file failed). */
export async function runIngest(
  options: { readonly file: string; readonly dataDir: string; readonly dictionary: string | undefined; readonly databaseUrl?: string | undefined },
  io: CliIo,
): Promise<number> {
  const bytes = new Uint8Array(await readFile(options.file));
  // No OCR status line here: the report names any PDF page skipped for want of OCR.
  const catalogue = await openCatalogue(options.dataDir, options.dictionary, undefined, undefined, options.databaseUrl);
  try {
    const report = await catalogue.ingest({ fileName: basename(options.file), bytes });
    io.out(formatIngestReport(report));
    return everyFileFailed(report) ? 1 : 0;
  } finally {
    await catalogue.close();
  }
}
