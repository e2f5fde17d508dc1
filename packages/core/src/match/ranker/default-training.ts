/**
 * The labelled rows the bundled ranker was fitted on (assets/ranker-training.json: the development and old held-out
 * samples, written by bench/training-rows.mjs), for refits that add the analysts' decisions to them.
 */
import rows from '../../../assets/ranker-training.json' with { type: 'json' };
import type { LabelledRow } from './refit.js';

export const DEFAULT_TRAINING_ROWS: readonly LabelledRow[] = rows as LabelledRow[];
