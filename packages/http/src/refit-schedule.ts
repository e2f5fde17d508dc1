/**
 * The server's optional refit schedule (`PRICECAT_REFIT_INTERVAL_HOURS`, off by default): every so many hours the
 * ranker and its calibration are fitted again from the analysts' accumulated decisions, exactly as `pricecat refit
 * --write` does (cli-refit.ts `refitOn`): the figures before and after are logged, and the refit is written to the data
 * directory only when it holds the target precision out of fold. The running server keeps its model; the next start
 * uses the written one. A run is skipped when no decision was made since the last one.
 *
 * @module
 */
import { PricecatError, type Storage } from '@pricecat/core';
import type { CliIo } from './cli-io.js';
import { refitOn } from './cli-refit.js';
import { detail } from '@pricecat/core';

/** The environment variable naming the interval in hours. */
export const REFIT_INTERVAL_ENV = 'PRICECAT_REFIT_INTERVAL_HOURS';

/**
 * The refit interval of `env` in milliseconds, or null when the schedule is off (unset, empty or `0`). A value that is
 * not a positive number of hours is refused with a message naming the variable.
 */
export function refitIntervalFromEnv(env: NodeJS.ProcessEnv): number | null {
  const raw = env[REFIT_INTERVAL_ENV]?.trim();
  if (raw === undefined || raw === '' || raw === '0') return null;
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours <= 0) {
    throw new PricecatError('INVALID_INPUT', detail('REFIT_INTERVAL_INVALID', { name: REFIT_INTERVAL_ENV, got: raw }));
  }
  return Math.round(hours * 3_600_000);
}

export interface RefitSchedule {
  /** Stops the schedule; a refit in progress finishes first. */
  stop(): Promise<void>;
}

/** Starts the schedule: the first refit one interval after the start, then one per interval. */
export function startRefitSchedule(options: {
  readonly storage: Storage;
  readonly dataDir: string;
  readonly intervalMs: number;
  /** Where the figures and messages go (the server's log: stderr). */
  readonly log: (text: string) => void;
}): RefitSchedule {
  let running: Promise<void> | null = null;
  let decisionsAtLastRun = 0;
  const io: CliIo = { out: (text) => options.log(prefixed(text)), err: (text) => options.log(text) };
  const run = async () => {
    const decisions = (await options.storage.listDecisions()).length;
    if (decisions === decisionsAtLastRun) {
      options.log(`pricecat: scheduled refit skipped: no decision since the last one (${decisions} in the log)\n`);
      return;
    }
    options.log(`pricecat: scheduled refit of the ranker from ${decisions} logged decisions\n`);
    const outcome = await refitOn(options.storage, { dataDir: options.dataDir, write: true }, io);
    decisionsAtLastRun = decisions;
    if (outcome === 'below-target') options.log('pricecat: scheduled refit not written; the model in use stays\n');
  };
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .catch((error: unknown) => options.log(`pricecat: scheduled refit failed: ${error instanceof Error ? error.message : String(error)}\n`))
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

// ---- internal helpers ----

/** Each line of the refit's report as a log line of the server. */
function prefixed(text: string): string {
  return text
    .split('\n')
    .map((line, i, all) => (line === '' && i === all.length - 1 ? '' : `pricecat: refit: ${line}`))
    .join('\n');
}
