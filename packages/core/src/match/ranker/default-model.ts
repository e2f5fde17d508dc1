/** The ranker fitted on the client's labelled samples, bundled with the build (assets/ranker.json). */
import model from '../../../assets/ranker.json' with { type: 'json' };
import type { RankerModel } from './ranker.js';

export const DEFAULT_RANKER_MODEL: RankerModel = model as RankerModel;
