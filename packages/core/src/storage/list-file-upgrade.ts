/**
 * The rewrite of list files of an older layout (version 2) into the current one, after a start that read them:
 * the lowdb store queues it in batches, like any write, and keeps what it replaces in a backup folder first.
 *
 * ```
 * <dir>/lists.v2-backup/catalogue.json   catalogue.json as it was before the first rewrite
 * <dir>/lists.v2-backup/<journal>        the journal then (when there was one)
 * <dir>/lists.v2-backup/<list file>      each rewritten version 2 list file (a hard link, else a copy)
 * ```
 *
 * Put back together (the folder's files over `catalogue.json` and into `lists/`), they are the data directory
 * as the older pricecat left it. Node only.
 */
import { copyFile, link, mkdir, open, rename, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { syncDirectory } from './durable-json-file.js';

/** The backup folder of the list files of layout 2, in the data directory. */
export const LIST_BACKUP_DIR_NAME = 'lists.v2-backup';

/** At most this many positions are rewritten per queued write, so other writes wait for short turns only. */
export const UPGRADE_BATCH_POSITIONS = 20_000;

/** The lists to rewrite, in batches of about {@link UPGRADE_BATCH_POSITIONS} positions (a bigger list is a batch of its own). */
export function upgradeBatches(listIds: readonly string[], sizeOf: (listId: string) => number): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let size = 0;
  for (const listId of listIds) {
    const n = sizeOf(listId);
    if (batch.length > 0 && size + n > UPGRADE_BATCH_POSITIONS) {
      batches.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(listId);
    size += n;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Keeps the files a rewrite replaces: `listFiles` (paths) are linked into the backup folder, and the first
 * time also `catalogue.json` and `journal` (paths; a missing journal is skipped) are copied there. Called
 * before the rewrite commits, so a crash after it still leaves the old files in the backup.
 */
export async function keepForUpgrade(dir: string, listFiles: readonly string[], catalogue: string, journal: string): Promise<void> {
  const backup = join(dir, LIST_BACKUP_DIR_NAME);
  await mkdir(backup, { recursive: true });
  const catalogueCopy = join(backup, basename(catalogue));
  if (!(await exists(catalogueCopy))) {
    // The journal before catalogue.json: the copy of catalogue.json is what marks the backup as started.
    if (await exists(journal)) await copyDurably(journal, join(backup, basename(journal)));
    await copyDurably(catalogue, `${catalogueCopy}.tmp`);
    await rename(`${catalogueCopy}.tmp`, catalogueCopy);
  }
  for (const file of listFiles) {
    const target = join(backup, basename(file));
    if (await exists(target)) continue;
    await link(file, target).catch(() => copyDurably(file, target));
  }
  await syncDirectory(backup);
}

/** A copy whose content is on disk (fsync'ed) before the rewrite that relies on it commits. */
async function copyDurably(from: string, to: string): Promise<void> {
  await copyFile(from, to);
  const handle = await open(to, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
