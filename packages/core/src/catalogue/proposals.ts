/**
 * Proposals of new services: the not-normalized positions (queued and unrecognized; skipped ones are an
 * analyst's decision and stay out) grouped by what they denote, ranked by how many clinics and positions
 * each group covers. See docs/dictionary.md for the rule and the figures on the real archive.
 */
import { PricecatError } from '../errors.js';
import { fnv1a64 } from '../dictionary/service-id.js';
import { DEFAULT_THRESHOLDS } from '../match/cascade.js';
import { normalizeName } from '../match/normalize.js';
import { toTerms } from '../match/terms.js';
import type { Position } from '../storage/records.js';
import type { Page } from '../model/catalogue-types.js';
import { isGenericName, nameKey, needsSection, withSection } from './name-groups.js';
import { toPage } from './paging.js';
import type { ProposalMember, ProposalQuery, ServiceProposal } from './proposal-types.js';
import type { Directory, QueryPort, UnmatchedLine } from '../storage/query-port.js';
import { cleanSectionHeading, cleanServiceName } from './service-name.js';
import { groupBy } from './statistics.js';
import { detail } from '../messages/message-catalogue.js';

/** The proposals of the current snapshot, filtered by clinics and paged; ranked by clinics, then positions. */
export async function listServiceProposals(queries: QueryPort, query: ProposalQuery = {}): Promise<Page<ServiceProposal>> {
  const minClinics = query.min_clinics ?? 1;
  if (!Number.isInteger(minClinics) || minClinics < 1) {
    throw new PricecatError('INVALID_INPUT', detail('MIN_CLINICS_INVALID', { got: String(minClinics) }));
  }
  return toPage(
    (await proposalsOf(queries)).filter((p) => p.clinics >= minClinics),
    query,
  );
}

/** The proposal with this id in the current snapshot; NOT_FOUND when there is none (any more). */
export async function findProposal(queries: QueryPort, proposalId: string): Promise<ServiceProposal> {
  const found = (await proposalsOf(queries)).find((p) => p.proposal_id === proposalId);
  if (!found) {
    throw new PricecatError(
      'NOT_FOUND',
      detail('PROPOSAL_NOT_FOUND', { id: proposalId }),
    );
  }
  return found;
}

/** A neighbour scoring at least this gives the category even when the members have a section heading. */
export const CLOSE_NEIGHBOUR = 0.5;

// ---- internal helpers ----

/** Proposals are computed once per revision of the read side (any write changes it). */
const cache = new WeakMap<QueryPort, { readonly revision: number; readonly proposals: readonly ServiceProposal[] }>();

async function proposalsOf(queries: QueryPort): Promise<readonly ServiceProposal[]> {
  const revision = await queries.revision();
  const cached = cache.get(queries);
  if (cached?.revision === revision) return cached.proposals;
  // An SQL port gives only the fields read here; otherwise the whole positions (the same answer).
  const unmatched: readonly Unmatched[] = queries.unmatchedLines
    ? await queries.unmatchedLines()
    : ((await queries.findPositions({ status: ['queued', 'unrecognized'] })).items as readonly Unmatched[]);
  const proposals = computeProposals(await queries.directory(), unmatched);
  cache.set(queries, { revision, proposals });
  return proposals;
}

type Unmatched = UnmatchedLine;

function computeProposals(model: Directory, unmatched: readonly Unmatched[]): ServiceProposal[] {
  const keyed = unmatched.map((p) => ({
    position: p,
    key: cachedNameKey(p),
    price_list_id: p.price_list_id,
    section: p.section,
    price: p.price,
  }));

  const dictionary = dictionaryTerms(model);
  const sectioned = needsSection(keyed, (key) => isGenericName(key, (t) => dictionary.frequency.get(t) ?? 0, dictionary.size));

  const groups = groupBy(keyed, (row) => {
    if (row.key === '') return null;
    return sectioned.has(row.key) ? withSection(row.key, row.section) : row.key;
  });
  const categories = new Map(model.services.map((s) => [normalizeName(s.category), s.category]));
  const proposals: ServiceProposal[] = [];
  for (const [key, rows] of groups) {
    const members = rows.map((row) => row.position);
    // Versions of one offer (same clinic, same name_norm) are one name: a group needs two.
    const offers = new Set(members.map((p) => `${p.clinic_id}\u0000${p.name_norm}`));
    if (offers.size < 2) continue;
    proposals.push(toProposal(model, categories, key, members));
  }
  return proposals.sort(
    (a, b) => b.clinics - a.clinics || b.positions - a.positions || a.name.localeCompare(b.name, 'ru') || a.key.localeCompare(b.key),
  );
}

/** `categories`: the dictionary's categories by normalized spelling. */
/**
 * Keys by raw name. Every snapshot (rebuilt after each write) groups the same names again; a name's key
 * never changes, so it is computed once.
 */
const nameKeys = new Map<string, string>();

function cachedNameKey(position: Pick<Position, 'raw_name' | 'name_norm'>): string {
  let key = nameKeys.get(position.raw_name);
  if (key === undefined) {
    if (nameKeys.size > 200_000) nameKeys.clear();
    key = nameKey(position.raw_name, position.name_norm);
    nameKeys.set(position.raw_name, key);
  }
  return key;
}

/**
 * How many entries of the client's dictionary (created services left out, so that creating one does not
 * change which names count as generic) carry each term; cached while the dictionary stays the same.
 */
function dictionaryTerms(model: Directory): { readonly frequency: ReadonlyMap<string, number>; readonly size: number } {
  const entries = model.services.filter((s) => s.origin === 'dictionary');
  const fingerprint = `${entries.length}\u0000${entries[0]?.service_id}\u0000${entries.at(-1)?.service_id}`;
  if (termsCache?.fingerprint !== fingerprint) {
    const frequency = new Map<string, number>();
    for (const entry of entries) for (const term of toTerms(entry.name_norm)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    termsCache = { fingerprint, frequency, size: entries.length };
  }
  return termsCache;
}

let termsCache: { readonly fingerprint: string; readonly frequency: ReadonlyMap<string, number>; readonly size: number } | null = null;

function toProposal(
  model: Directory,
  categories: ReadonlyMap<string, string>,
  key: string,
  members: readonly Unmatched[],
): ServiceProposal {
  const nearest = nearestService(model, members);
  const section = mostCommon(members.map(sectionOf));
  // A close dictionary neighbour names the category in the dictionary's words; a distant one is a weaker
  // hint than the clinic's own section heading.
  const useNearest = nearest !== null && (nearest.score >= CLOSE_NEIGHBOUR || section === null);
  const category = useNearest ? nearest.category : section ? (categories.get(normalizeName(section)) ?? section) : null;
  return {
    proposal_id: `prop_${fnv1a64(key)}`,
    name: suggestName(members, key),
    category,
    category_source: useNearest ? 'nearest_service' : section ? 'section' : null,
    nearest_service: nearest,
    key,
    clinics: new Set(members.map((p) => p.clinic_id)).size,
    positions: members.length,
    names: new Set(members.map((p) => p.raw_name)).size,
    members: members.map((p): ProposalMember => ({
      position_id: p.position_id,
      raw_name: p.raw_name,
      clinic_id: p.clinic_id,
      clinic_name: model.clinicsById.get(p.clinic_id)?.name ?? p.clinic_id,
      price_list_id: p.price_list_id,
      section: p.section,
      price: p.price,
      status: p.status,
    })),
  };
}

/**
 * The most frequent cleaned raw name (ties: the one in more clinics, then the one with fewer odd
 * characters, then the shorter). A name that needs
 * its section gets it appended: «Прием врача (Кардиология)».
 */
function suggestName(members: readonly Unmatched[], key: string): string {
  const suggested = new Map<string, string>();
  const byName = groupBy(members, (p) => {
    let name = suggested.get(p.raw_name);
    if (name === undefined) suggested.set(p.raw_name, (name = suggestedNameOf(p.raw_name)));
    return name;
  });
  const clinicsOf = (rows: readonly Unmatched[]) => new Set(rows.map((p) => p.clinic_id)).size;
  const [name, rows] = [...byName.entries()].sort(
    (a, b) =>
      b[1].length - a[1].length ||
      clinicsOf(b[1]) - clinicsOf(a[1]) ||
      oddCharacters(a[0]) - oddCharacters(b[0]) ||
      a[0].length - b[0].length ||
      a[0].localeCompare(b[0], 'ru'),
  )[0]!;
  if (!key.includes(' § ')) return name;
  const section = mostCommon(rows.map((p) => sectionOf(p)));
  return section ? `${name} (${section})` : name;
}

/** Characters a dictionary name does not use, often OCR debris (`УЗИ почек • надпочечников`). */
function oddCharacters(name: string): number {
  return name.replace(/[\p{L}\p{N}\s().,:;/+%«»"-]/gu, '').length;
}

/** The cleaned name; its trailing sentences stay when cutting them would change what the name denotes. */
function suggestedNameOf(rawName: string): string {
  const short = cleanServiceName(rawName);
  const full = cleanServiceName(rawName, { firstSentence: false });
  return nameKey(short) === nameKey(full) ? short : full;
}

function sectionOf(position: Pick<Position, 'section'>): string | null {
  return position.section ? cleanSectionHeading(position.section) || null : null;
}

/**
 * The dictionary entry the members' fuzzy candidates rate highest: the best score of any member, ties
 * broken by how many members name it. Null when no candidate reaches the queue threshold (the cascade's
 * own floor for "plausibly this service").
 */
function nearestService(model: Directory, members: readonly Unmatched[]): ServiceProposal['nearest_service'] {
  const best = new Map<string, { score: number; count: number }>();
  for (const member of members) {
    for (const candidate of member.candidates) {
      const seen = best.get(candidate.service_id) ?? { score: 0, count: 0 };
      best.set(candidate.service_id, { score: Math.max(seen.score, candidate.score), count: seen.count + 1 });
    }
  }
  const [top] = [...best.entries()]
    .filter(([id, s]) => s.score >= DEFAULT_THRESHOLDS.queue && model.servicesById.has(id))
    .sort((a, b) => b[1].score - a[1].score || b[1].count - a[1].count || a[0].localeCompare(b[0]));
  if (!top) return null;
  const service = model.servicesById.get(top[0])!;
  return { service_id: service.service_id, name: service.name, category: service.category, score: top[1].score };
}

function mostCommon(values: readonly (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > counts.get(best)!) best = value;
  return best;
}
