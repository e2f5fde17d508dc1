/**
 * The built-in schedule of watched-folder scans (`scan_interval_minutes`), so no external cron is needed.
 * The server starts it and stops it on close. Browser-safe: it only uses timers.
 *
 * Every check it re-reads the settings, so a changed interval or folder takes effect at the next check
 * without a restart. A scan is due when `scan_interval_minutes` have passed since the last scan started
 * (manual scans count, so a manual scan postpones the next scheduled one) or since the last failed attempt.
 * Scans never overlap: the schedule awaits its own scan before the next check, and a scan requested
 * over HTTP meanwhile is refused by the catalogue with `CONFLICT` (a scheduled scan meeting a manual one
 * is simply skipped).
 */
import { isPricecatError } from '../errors.js';
import type { Catalogue } from './catalogue.js';

/** Options of {@link startScanSchedule}. */
export interface ScanScheduleOptions {
  readonly catalogue: Pick<Catalogue, 'getSettings' | 'scan'>;
  /** Milliseconds in a "minute" of `scan_interval_minutes`; tests shorten it. @default 60000 */
  readonly minuteMs?: number;
  /** How often the settings are checked. @default one `minuteMs`, at most 60 s */
  readonly checkEveryMs?: number;
  /** Told about a scan that failed as a whole (folder gone, store failing); per-file errors are in the report. */
  readonly onError?: (error: unknown) => void;
}

/** A running schedule. */
export interface ScanSchedule {
  /** Stops checking; resolves once a scheduled scan in progress has finished. */
  stop(): Promise<void>;
}

/** Starts the schedule; the first check runs at once (a scan is due then if none ever ran). */
export function startScanSchedule(options: ScanScheduleOptions): ScanSchedule {
  const minuteMs = options.minuteMs ?? 60_000;
  const checkEveryMs = options.checkEveryMs ?? Math.min(minuteMs, 60_000);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastAttempt = Number.NEGATIVE_INFINITY;
  let current: Promise<void> = Promise.resolve();

  const check = async (): Promise<void> => {
    const settings = await options.catalogue.getSettings();
    const interval = settings.scan_interval_minutes;
    if (interval <= 0 || settings.watch_folder === null) return;
    const lastStarted = settings.last_scan ? Date.parse(settings.last_scan.started_at) : Number.NEGATIVE_INFINITY;
    if (Math.max(lastStarted, lastAttempt) + interval * minuteMs > Date.now()) return;
    lastAttempt = Date.now();
    try {
      await options.catalogue.scan({ trigger: 'schedule' });
    } catch (error) {
      // A scan requested by hand is running: this round is covered by it.
      if (isPricecatError(error) && error.code === 'CONFLICT') return;
      throw error;
    }
  };

  const tick = () => {
    timer = null;
    current = check()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, checkEveryMs);
        // A pending check must not keep a process alive that has nothing else to do.
        (timer as { unref?: () => void }).unref?.();
      });
  };
  tick();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
  };
}
