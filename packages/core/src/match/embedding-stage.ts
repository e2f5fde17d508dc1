/**
 * The embedding stage, last in the cascade (DESIGN §4): names that code, exact, synonym and fuzzy left
 * unmatched are embedded (each distinct name once per call; the cached embedder keeps vectors between
 * uploads) and compared with the dictionary's vectors by cosine. A close enough entry whose term classes
 * agree (no MRI for an X-ray) is a match with method `embedding`; otherwise the nearest entries lead the
 * queue's candidates. Best effort (rule 4): when the provider fails, the fuzzy outcomes stand and the
 * failure becomes a warning.
 */
import type { Embedder } from '../embed/embedder.js';
import { createVectorIndex, type VectorIndex } from '../embed/vector-index.js';
import type { MatchCandidate, Service } from '../storage/records.js';
import { warningText } from '../messages/message-catalogue.js';
import { isCodeMnemonic } from './code-mnemonic.js';
import { compareTermClasses } from './term-classes.js';
import { toTerms } from './terms.js';
import type { MatchInput, MatchOutcome } from './match-types.js';

/** Cosine limits of the embedding stage. */
export interface EmbeddingThresholds {
  /** At or above: normalized automatically. @default 0.92 */
  readonly accept: number;
  /** At or above: queued with the nearest entries as candidates. @default 0.8 */
  readonly queue: number;
}

export const DEFAULT_EMBEDDING_THRESHOLDS: EmbeddingThresholds = { accept: 0.92, queue: 0.8 };

export interface EmbeddingStage {
  /** Outcomes with the embedding stage applied to the unmatched ones, in order. */
  apply(inputs: readonly MatchInput[], outcomes: readonly MatchOutcome[], warn: (message: string) => void): Promise<MatchOutcome[]>;
}

const NEAREST = 5;
const KEPT_CANDIDATES = 5;

export function createEmbeddingStage(options: {
  readonly embedder: Embedder;
  readonly services: readonly Service[];
  readonly thresholds?: Partial<EmbeddingThresholds>;
}): EmbeddingStage {
  const thresholds = { ...DEFAULT_EMBEDDING_THRESHOLDS, ...options.thresholds };
  const servicesById = new Map(options.services.map((s) => [s.service_id, s]));
  // Terms of the entries that came up as a best match, computed once per entry.
  const entryTerms = new Map<string, readonly string[]>();
  const classesAgree = (nameNorm: string, serviceId: string): boolean => {
    let terms = entryTerms.get(serviceId);
    if (!terms) entryTerms.set(serviceId, (terms = toTerms(servicesById.get(serviceId)!.name_norm)));
    return compareTermClasses(toTerms(nameNorm), terms) === 'agree';
  };
  let dictionary: Promise<VectorIndex> | null = null;
  const dictionaryIndex = () =>
    (dictionary ??= options.embedder.embed(options.services.map((s) => s.name_norm)).then((vectors) =>
      createVectorIndex(options.services.map((s, i) => ({ id: s.service_id, vector: vectors[i]! }))),
    ));

  return {
    async apply(inputs, outcomes, warn) {
      const open = outcomes.map((o, i) => (o.status === 'normalized' ? -1 : i)).filter((i) => i >= 0);
      if (open.length === 0) return [...outcomes];
      const names = [...new Set(open.map((i) => outcomes[i]!.name_norm).filter((n) => n.length > 0))];
      let index: VectorIndex;
      let vectors: Float32Array[];
      try {
        index = await dictionaryIndex();
        vectors = await options.embedder.embed(names);
      } catch (error) {
        dictionary = null; // try the dictionary again on the next upload
        warn(warningText('EMBEDDINGS_UNAVAILABLE', { detail: error instanceof Error ? error.message : String(error) }));
        return [...outcomes];
      }
      const nearestByName = new Map(names.map((name, k) => [name, index.nearest(vectors[k]!, NEAREST)]));
      return outcomes.map((outcome, i) => {
        if (outcome.status === 'normalized') return outcome;
        const nearest = nearestByName.get(outcome.name_norm) ?? [];
        const candidates: MatchCandidate[] = nearest.flatMap((hit) => {
          const service = servicesById.get(hit.id);
          return service ? [{ service_id: service.service_id, name: service.name, score: round(hit.score), method: 'embedding' as const }] : [];
        });
        const merged = [...candidates, ...outcome.candidates.filter((c) => !candidates.some((e) => e.service_id === c.service_id))].slice(0, KEPT_CANDIDATES);
        const best = candidates[0];
        if (best && best.score >= thresholds.accept && classesAgree(outcome.name_norm, best.service_id)) {
          const trace = { stage: 'embedding' as const, signals: { cosine: best.score } };
          return { ...outcome, service_id: best.service_id, confidence: best.score, method: 'embedding', status: 'normalized', candidates: merged, trace };
        }
        const plausible = outcome.status === 'queued' || (best !== undefined && best.score >= thresholds.queue);
        const status = plausible && !isCodeMnemonic(inputs[i]!.raw_name) ? 'queued' : 'unrecognized';
        return { ...outcome, status, confidence: Math.max(outcome.confidence, best?.score ?? 0), candidates: merged };
      });
    },
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
