export { normalizeName, normalizeQuery } from './normalize.js';
export { stemWord } from './tokens.js';
export { normalizeTariffCode, tariffCodesOf } from './tariff-code.js';
export { isCodeMnemonic } from './code-mnemonic.js';
export { createCandidateIndex, type CandidateIndex, type IndexedService } from './candidate-index.js';
export { contestedTermsOf, scoreTermCoverage, termCredit, type TermWeights, type PositionTerms, type EntryTerms } from './scorers/term-coverage.js';
export { toTerms } from './terms.js';
export {
  TERM_EQUIVALENCES,
  VOCABULARY,
  VOCABULARY_FILES,
  BUNDLED_ALIASES,
  NO_ALIASES,
  aliasTableFrom,
  checkAliasTable,
  parseAliasTable,
  type AliasCheck,
  type AliasTable,
  type AllergenTestWords,
  type TermEquivalence,
  type Vocabulary,
} from './vocabulary.js';
export { compareTermClasses, termClassOf, type TermClass } from './term-classes.js';
export {
  createEmbeddingStage,
  DEFAULT_EMBEDDING_THRESHOLDS,
  type EmbeddingStage,
  type EmbeddingThresholds,
} from './embedding-stage.js';
export {
  createMatcher,
  DEFAULT_THRESHOLDS,
  type Matcher,
  type MatcherOptions,
  type MatchInput,
  type MatchOutcome,
  type MatchThresholds,
  type MatchAllOptions,
  type RankingMatcher,
  type RowFeatures,
} from './cascade.js';
export {
  codeShapeOf,
  dictionaryStructureOf,
  type DictionaryStructure,
  type ServiceClass,
  type ServiceStructure,
  type SiblingFeatures,
  type SiblingGroup,
} from './dictionary-structure.js';
export { createSiblingDecider, type SiblingDecider, type SiblingDecision, type SiblingEvidence, type SiblingRow } from './sibling-decider.js';
export { aliasesForDictionary, BUNDLED_ALIASES_MIN_SHARE } from './alias-selection.js';
export type { MatchTrace } from './trace.js';
export { FEATURES, featureVectors, type CandidateSignals, type RowSignals, type LegacyStage } from './ranker/features.js';
export { fitLogistic, logisticProbability, logisticScore, sigmoid, type LogisticModel, type LogisticOptions } from './ranker/logistic.js';
export { applyIsotonic, fitIsotonic, type IsotonicModel } from './ranker/isotonic.js';
export { createRanker, type Ranker, type RankerModel } from './ranker/ranker.js';
export { DEFAULT_RANKER_MODEL } from './ranker/default-model.js';
export { createCharNgramIndex, gramCounts, type CharNgramIndex, type NgramDocument } from './generators/char-ngrams.js';
export { withdrawConcentratedGroups, WITHDRAWAL_CONFIDENCE, CONCENTRATED_GROUP_SIZE } from './concentrated-groups.js';
export { refitRanker, MIN_REFIT_GROUPS, type LabelledRow, type RefitFigures, type RefitOptions, type RefitResult } from './ranker/refit.js';
export { DEFAULT_TRAINING_ROWS } from './ranker/default-training.js';
