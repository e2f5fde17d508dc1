/**
 * Settings of the watched folder: where new price lists appear and how often the server looks. Stored
 * with `Storage.setSetting`, so they survive a restart.
 */
import { MAX_SCAN_INTERVAL_MINUTES } from '../contract/limits.js';
import { PricecatError } from '../errors.js';
import type { Storage } from '../storage/storage.js';
import type { FolderAccess } from './folder-access.js';
import { readLastScanSummary, type ScanSummary } from './scan-report.js';
import { detail } from '../messages/message-catalogue.js';

/** Setting keys in the store. */
export const SETTING_KEYS = { watchFolder: 'watch_folder', scanInterval: 'scan_interval_minutes' } as const;

export { MAX_SCAN_INTERVAL_MINUTES };

/** What `GET /api/settings` answers. */
export interface Settings {
  /** Absolute path of the folder scanned for new price lists; null when not set. */
  readonly watch_folder: string | null;
  /** Minutes between scheduled scans; 0 = no schedule (scans only on request). */
  readonly scan_interval_minutes: number;
  /** The last scan, manual or scheduled; null before the first. */
  readonly last_scan: ScanSummary | null;
}

/** A change of settings; absent fields keep their value. */
export interface SettingsPatch {
  /** An existing, readable directory (absolute path); `null` clears it (and so stops scheduled scans). */
  readonly watch_folder?: string | null;
  /** 0 (off) or 1..{@link MAX_SCAN_INTERVAL_MINUTES}. */
  readonly scan_interval_minutes?: number;
}

/** The stored settings. */
export async function readSettings(storage: Storage): Promise<Settings> {
  const [folder, interval, lastScan] = await Promise.all([
    storage.getSetting(SETTING_KEYS.watchFolder),
    storage.getSetting(SETTING_KEYS.scanInterval),
    readLastScanSummary(storage),
  ]);
  const minutes = interval === null ? 0 : Number(interval);
  return {
    watch_folder: folder === null || folder === '' ? null : folder,
    scan_interval_minutes: Number.isSafeInteger(minutes) && minutes >= 0 ? minutes : 0,
    last_scan: lastScan,
  };
}

/**
 * Validates and stores a change. Every field is checked before anything is written, so a rejected
 * change leaves all settings as they were.
 *
 * @throws PricecatError `INVALID_INPUT` naming the field, the value and why (the folder does not exist,
 *   is a file, cannot be read; the interval is out of range), or when no folder access was configured.
 */
export async function updateSettings(storage: Storage, folder: FolderAccess | undefined, patch: SettingsPatch): Promise<Settings> {
  const writes: [string, string][] = [];
  if (patch.scan_interval_minutes !== undefined) {
    const minutes = patch.scan_interval_minutes;
    if (!Number.isSafeInteger(minutes) || minutes < 0 || minutes > MAX_SCAN_INTERVAL_MINUTES) {
      throw new PricecatError(
        'INVALID_INPUT',
        detail('SCAN_INTERVAL_INVALID', { max: MAX_SCAN_INTERVAL_MINUTES, got: String(minutes) }),
      );
    }
    writes.push([SETTING_KEYS.scanInterval, String(minutes)]);
  }
  if (patch.watch_folder !== undefined) {
    if (patch.watch_folder === null) {
      writes.push([SETTING_KEYS.watchFolder, '']);
    } else {
      if (!folder) {
        throw new PricecatError(
          'INVALID_INPUT',
          detail('NO_FOLDER_ACCESS_WATCH'),
        );
      }
      writes.push([SETTING_KEYS.watchFolder, await folder.checkFolder(patch.watch_folder)]);
    }
  }
  for (const [key, value] of writes) await storage.setSetting(key, value);
  return readSettings(storage);
}
