/**
 * Switches embeddings on from environment variables, so a deployment opts in without code:
 *
 * | variable | meaning |
 * | --- | --- |
 * | `PRICECAT_EMBEDDINGS_MODEL` | model id; required, embeddings are off without it |
 * | `PRICECAT_EMBEDDINGS_URL` | self-hosted feature-extraction URL; without it the hosted HF API is used |
 * | `PRICECAT_EMBEDDINGS_TOKEN` or `HF_TOKEN` | access token |
 * | `PRICECAT_EMBEDDINGS_BATCH` | texts per request (default 32) |
 * | `PRICECAT_EMBEDDINGS_CONCURRENCY` | requests in flight (default 2) |
 *
 * @module
 */
import { PricecatError } from '../errors.js';
import { createCachedEmbedder } from './cached-embedder.js';
import type { Embedder } from './embedder.js';
import type { EmbeddingCache } from './embedding-cache.js';
import { createHfEmbedder } from './hf-embedder.js';
import { detail } from '../messages/message-catalogue.js';

/** Environment variables as Node exposes them. */
export type EmbedderEnv = Readonly<Record<string, string | undefined>>;

/**
 * The configured {@link Embedder} (wrapped in `cache` when one is given), or `null` when
 * `PRICECAT_EMBEDDINGS_MODEL` is unset or blank: then matching is fuzzy only.
 *
 * @throws PricecatError `INVALID_INPUT` when a numeric variable is not a positive integer.
 */
export function embedderFromEnv(env: EmbedderEnv = globalThis.process?.env ?? {}, cache?: EmbeddingCache): Embedder | null {
  const model = nonBlank(env.PRICECAT_EMBEDDINGS_MODEL);
  if (!model) return null;
  const endpointUrl = nonBlank(env.PRICECAT_EMBEDDINGS_URL);
  const accessToken = nonBlank(env.PRICECAT_EMBEDDINGS_TOKEN) ?? nonBlank(env.HF_TOKEN);
  const batchSize = positiveInteger(env, 'PRICECAT_EMBEDDINGS_BATCH');
  const concurrency = positiveInteger(env, 'PRICECAT_EMBEDDINGS_CONCURRENCY');
  const embedder = createHfEmbedder({
    model,
    ...(endpointUrl !== undefined && { endpointUrl }),
    ...(accessToken !== undefined && { accessToken }),
    ...(batchSize !== undefined && { batchSize }),
    ...(concurrency !== undefined && { concurrency }),
  });
  return cache ? createCachedEmbedder(embedder, cache) : embedder;
}

// ---------------------------------------------------------------- internal helpers

function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function positiveInteger(env: EmbedderEnv, name: string): number | undefined {
  const raw = nonBlank(env[name]);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new PricecatError('INVALID_INPUT', detail('ENV_WHOLE_NUMBER', { name, got: raw }));
  }
  return Number(raw);
}
