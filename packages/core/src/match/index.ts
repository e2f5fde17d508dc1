export { normalizeName, normalizeQuery } from './normalize.js';
export { stemWord, toStems } from './tokens.js';
export { normalizeTariffCode, tariffCodesOf } from './tariff-code.js';
export { isCodeMnemonic } from './code-mnemonic.js';
export { createCandidateIndex, type CandidateIndex, type IndexedService } from './candidate-index.js';
export { scoreNameSimilarity } from './scorers/name-similarity.js';
export {
  createMatcher,
  DEFAULT_THRESHOLDS,
  type Matcher,
  type MatcherOptions,
  type MatchInput,
  type MatchOutcome,
  type MatchThresholds,
} from './cascade.js';
export { withdrawConcentratedGroups, WITHDRAWAL_CONFIDENCE, CONCENTRATED_GROUP_SIZE } from './concentrated-groups.js';
