/**
 * Creating a dictionary service in pricecat (`origin: 'created'`), by hand or from a proposal. The
 * proposal's members (or the chosen positions) become normalized to it with method `manual`, and each of
 * their `name_norm`s becomes a learned synonym, so that later uploads match those names automatically.
 */
import { serviceIdFor } from '../dictionary/service-id.js';
import { PricecatError } from '../errors.js';
import { normalizeName } from '../match/normalize.js';
import type { LearnedSynonym, Position, Service } from '../storage/records.js';
import type { CatalogueContext } from './context.js';
import type { CreatedService, CreateServiceInput } from './proposal-types.js';
import { proposalPositions } from './proposals.js';
import { detail } from '../messages/message-catalogue.js';

import { MAX_POSITION_IDS, MAX_SERVICE_NAME_LENGTH } from '../contract/limits.js';
import { positionsById } from './positions-by-id.js';

export { MAX_POSITION_IDS, MAX_SERVICE_NAME_LENGTH };

/**
 * Validates, writes the service, normalizes the members and learns their names. Throws INVALID_INPUT for
 * an empty name or category, CONFLICT when the category already has an entry of that name, NOT_FOUND for
 * an unknown proposal or position id. `model` is the current snapshot (proposals and positions).
 */
export async function createService(ctx: CatalogueContext, input: CreateServiceInput): Promise<CreatedService> {
  const queries = ctx.queries;
  const model = await queries.directory();
  const name = required(input.name, 'name', 'название новой услуги, например «Микрореакция»');
  const category = required(input.category, 'category', 'её категория (специальность), например «Серология»');
  const serviceId = serviceIdFor(category, name);
  const existing = model.servicesById.get(serviceId);
  if (existing) {
    throw new PricecatError('CONFLICT', detail('SERVICE_EXISTS', { category: existing.category, name: existing.name, id: existing.service_id }));
  }
  const members = await resolveMembers(ctx, input);
  const service: Service = {
    service_id: serviceId,
    name,
    name_norm: normalizeName(name),
    category,
    tariff_code: null,
    origin: 'created',
  };
  const now = ctx.now().toISOString();
  const normalized = members.map(
    (p): Position => ({ ...p, service_id: serviceId, status: 'normalized', method: 'manual', confidence: 1 }),
  );
  const synonyms = learnedSynonyms(normalized, serviceId, now);

  await ctx.storage.saveServices([service]);
  ctx.changed({ type: 'services', services: [service] });
  if (normalized.length > 0) {
    await ctx.storage.updatePositions(normalized);
    ctx.changed({ type: 'positions', positions: normalized });
  }
  if (synonyms.length > 0) await ctx.storage.saveLearnedSynonyms(synonyms);
  // The matcher must know the new entry and the synonyms before the next upload.
  ctx.changed({ type: 'synonyms' });
  return { ...service, origin: 'created', normalized_positions: normalized.length, learned_synonyms: synonyms.length };
}

// ---- internal helpers ----

function required(value: unknown, field: string, what: string): string {
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  if (text === '' || normalizeName(text) === '') {
    throw new PricecatError('INVALID_INPUT', detail('FIELD_TEXT_REQUIRED', { field, what }));
  }
  if (text.length > MAX_SERVICE_NAME_LENGTH) {
    throw new PricecatError('INVALID_INPUT', detail('FIELD_TEXT_TOO_LONG', { field, length: text.length, max: MAX_SERVICE_NAME_LENGTH }));
  }
  return text;
}

/** The proposals' members and the given positions, each once, in that order. */
async function resolveMembers(ctx: CatalogueContext, input: CreateServiceInput): Promise<Position[]> {
  const queries = ctx.queries;
  const ids: string[] = [];
  // Every member, not only the ones the proposal lists.
  for (const proposalId of [...(input.proposal_id === undefined ? [] : [input.proposal_id]), ...(input.merged_proposal_ids ?? [])]) {
    for (const member of await proposalPositions(queries, proposalId)) ids.push(member.position_id);
  }
  const given = input.position_ids ?? [];
  if (given.length > MAX_POSITION_IDS) {
    throw new PricecatError('INVALID_INPUT', detail('TOO_MANY_POSITION_IDS', { count: given.length, max: MAX_POSITION_IDS }));
  }
  // A loop, not `push(...given)`: the list comes from the request and may be long enough to overflow the stack.
  for (const id of given) ids.push(id);
  const byId = await positionsById(ctx.storage, [...new Set(ids)], (id) => ctx.queries.getPosition(id));
  const unknown = [...new Set(ids.filter((id) => !byId.has(id)))];
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 5).map((id) => `"${id}"`).join(', ');
    throw new PricecatError('NOT_FOUND', detail('POSITIONS_NOT_FOUND', { ids: unknown.length > 5 ? `${shown} и ещё ${unknown.length - 5}` : shown }));
  }
  return [...new Set(ids)].map((id) => byId.get(id)!);
}

/** One synonym per distinct `name_norm`, remembering the first raw name and clinic that carried it. */
function learnedSynonyms(positions: readonly Position[], serviceId: string, createdAt: string): LearnedSynonym[] {
  const byNorm = new Map<string, LearnedSynonym>();
  for (const p of positions) {
    if (p.name_norm === '' || byNorm.has(p.name_norm)) continue;
    byNorm.set(p.name_norm, { name_norm: p.name_norm, service_id: serviceId, raw_name: p.raw_name, clinic_id: p.clinic_id, created_at: createdAt });
  }
  return [...byNorm.values()];
}
