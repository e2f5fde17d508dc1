/**
 * `pricecat migrate-store`: moves the embedded store of a data directory into an empty PostgreSQL
 * database, through the `Storage` interface of both (core's `moveStore`).
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { detail, moveStore, PricecatError } from '@pricecat/core';
import { CATALOGUE_FILE_NAME, createLowdbStorageInDir, LEGACY_FILE_NAME } from '@pricecat/core/storage/lowdb';
import type { CliIo } from './cli-commands.js';
import { describeStore } from './open-storage.js';

/** Copies `<dataDir>/pricecat.json` into the database; resolves to the exit code. */
export async function runMigrateStore(options: { readonly dataDir: string; readonly databaseUrl: string }, io: CliIo): Promise<number> {
  const dir = resolve(options.dataDir);
  const file = [join(dir, CATALOGUE_FILE_NAME), join(dir, LEGACY_FILE_NAME)].find((path) => existsSync(path));
  if (file === undefined) {
    throw new PricecatError(
      'NOT_FOUND',
      detail('NO_EMBEDDED_STORE', { dir, catalogue: CATALOGUE_FILE_NAME, legacy: LEGACY_FILE_NAME }),
    );
  }
  const where = describeStore(options);
  const source = await createLowdbStorageInDir(resolve(options.dataDir));
  try {
    const { createPostgresStorage } = await import('@pricecat/core/storage/postgres');
    const target = await createPostgresStorage({ connectionString: options.databaseUrl });
    try {
      io.err(`pricecat: перенос ${file} в ${where}\n`);
      const started = Date.now();
      const report = await moveStore(source, target, (done, total, fileName) => io.err(`  ${done}/${total} ${fileName}\n`));
      io.out(
        `Перенесено в ${where} за ${((Date.now() - started) / 1000).toFixed(1)} с: услуг — ${report.services}, ` +
          `клиник — ${report.clinics}, прайс-листов — ${report.priceLists}, позиций — ${report.positions}, ` +
          `выученных синонимов — ${report.learnedSynonyms}, пропущенных элементов — ${report.skippedItems}, решений — ${report.decisions}, ` +
          `загруженных файлов — ${report.ingestedFiles}, настроек — ${report.settings}.\n` +
          `Запустите сервер с DATABASE_URL (или --database-url), чтобы работать с ней; ${dir} не изменена.\n`,
      );
      return 0;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
