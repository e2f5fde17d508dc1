/**
 * `pricecat refit`: fits the ranker and its calibration again on the bundled training rows plus every row the
 * analysts decided, prints the figures before (the model in use, on the same rows: in sample for the bundled ones) and
 * after (the refit, out of fold: each clinic scored, calibrated and thresholded by what was fitted on the others), and
 * with `--write` keeps the refit in the data directory when it holds the target precision out of fold (`--force`:
 * whatever it holds) — the server uses it from its next start.
 *
 * @module
 */
import { DEFAULT_RANKER_MODEL, DEFAULT_TRAINING_ROWS, refitFromDecisions, type RefitFigures, type Storage } from '@pricecat/core';
import type { CliIo } from './cli-io.js';
import { describeStore, openStorage } from './open-storage.js';
import { loadRankerFile, writeRankerFile } from './ranker-file.js';

/** Precision a refit must keep out of fold to be written. */
export const TARGET_PRECISION = 0.97;

export async function runRefit(
  options: { readonly dataDir: string; readonly databaseUrl: string | undefined; readonly write: boolean; readonly force?: boolean },
  io: CliIo,
): Promise<number> {
  const storage = await openStorage({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  try {
    io.err(`pricecat: refitting the ranker on ${describeStore(options)}\n`);
    const outcome = await refitOn(storage, options, io);
    return outcome === 'below-target' ? 1 : 0;
  } finally {
    await storage.close();
  }
}

/** What one refit did: printed only, written, or not written because it falls below the target precision. */
export type RefitOutcome = 'printed' | 'written' | 'below-target';

/**
 * One refit on an open store (the command's and the server's schedule's, refit-schedule.ts): the figures before and
 * after printed to `io.out`; with `write`, the refit kept in `dataDir` when it holds {@link TARGET_PRECISION} out of
 * fold (or with `force`).
 */
export async function refitOn(
  storage: Storage,
  options: { readonly dataDir: string; readonly write: boolean; readonly force?: boolean },
  io: CliIo,
): Promise<RefitOutcome> {
  const current = (await loadRankerFile(options.dataDir)) ?? DEFAULT_RANKER_MODEL;
  const result = await refitFromDecisions(storage, { current, training: DEFAULT_TRAINING_ROWS, targetPrecision: TARGET_PRECISION });
  io.out(
    `Rows: ${result.training_rows} bundled training rows + ${result.decided_rows} decided by analysts; ` +
      `cross-validation over ${result.groups} clinics.\n\n` +
      `${''.padEnd(28)}precision    recall    top-5    calibration error\n` +
      `${line('before (model in use)', result.before)}\n${line('after (refit, out of fold)', result.after)}\n` +
      `acceptance probability: ${current.accept.toFixed(3)} → ${result.model.accept.toFixed(3)}\n`,
  );
  if (!options.write) {
    io.out('Nothing written (add --write to keep the refit).\n');
    return 'printed';
  }
  if ((result.after.precision ?? 0) < TARGET_PRECISION && options.force !== true) {
    io.err(
      `pricecat: the refit keeps a precision of ${pct(result.after.precision)} out of fold, below ${pct(TARGET_PRECISION)}: not written ` +
        '(--force writes it all the same).\n',
    );
    return 'below-target';
  }
  const file = await writeRankerFile(options.dataDir, result.model);
  io.out(`Written to ${file}; restart the server to use it (delete the file to go back to the bundled model).\n`);
  return 'written';
}

// ---- internal helpers ----

function line(name: string, f: RefitFigures): string {
  return `${name.padEnd(28)}${pct(f.precision).padStart(9)} ${pct(f.recall).padStart(9)} ${pct(f.top5).padStart(8)} ${pct(f.ece).padStart(12)}`;
}

function pct(x: number | null): string {
  return x === null ? 'n/a' : `${(100 * x).toFixed(1)} %`;
}
