/**
 * Proposals of new services: the not-normalized positions (queued and unrecognized; skipped ones are an
 * analyst's decision and stay out) grouped by what they denote, ranked by how many clinics and positions
 * each group covers. See docs/dictionary.md for the rule and the figures on the real archive.
 *
 * Computed from the distinct names of those positions (the query port groups them, in SQL on PostgreSQL), so
 * memory and time grow with the names, not with the positions; a proposal lists its first
 * {@link PROPOSAL_MEMBERS_SHOWN} members, and creating a service from it takes all of them (by their names).
 */
import { PricecatError } from '../errors.js';
import { PROPOSAL_MEMBERS_SHOWN } from '../contract/limits.js';
import { fnv1a64 } from '../dictionary/service-id.js';
import { DEFAULT_THRESHOLDS } from '../match/cascade.js';
import { normalizeName } from '../match/normalize.js';
import { toTerms } from '../match/terms.js';
import type { Page } from '../model/catalogue-types.js';
import { isGenericName, nameKey, needsSection, SECTION_DEPENDENT_SPREAD, sectionKey, withSection, type KeyedRow } from './name-groups.js';
import { toPage } from './paging.js';
import type { ProposalMember, ProposalQuery, ServiceProposal } from './proposal-types.js';
import type { Directory, QueryPort, UnmatchedLine, UnmatchedName, UnmatchedNameRef } from '../storage/query-port.js';
import { cleanSectionHeading, cleanServiceName } from './service-name.js';
import { detail } from '../messages/message-catalogue.js';

/** The proposals of the current snapshot, filtered by clinics and paged; ranked by clinics, then positions. */
export async function listServiceProposals(queries: QueryPort, query: ProposalQuery = {}): Promise<Page<ServiceProposal>> {
  const minClinics = query.min_clinics ?? 1;
  if (!Number.isInteger(minClinics) || minClinics < 1) {
    throw new PricecatError('INVALID_INPUT', detail('MIN_CLINICS_INVALID', { got: String(minClinics) }));
  }
  const page = toPage(
    (await proposalsOf(queries)).filter((p) => p.summary.clinics >= minClinics),
    query,
  );
  const directory = await queries.directory();
  const items: ServiceProposal[] = [];
  // One after another: a page asks the store for at most `limit` short member lists.
  for (const proposal of page.items) items.push(await withMembers(queries, directory, proposal));
  return { ...page, items };
}

/**
 * Every member of the proposal with this id, in ingest order, however many (the proposal lists only the first
 * ones); NOT_FOUND when there is no such proposal (any more).
 */
export async function proposalPositions(queries: QueryPort, proposalId: string): Promise<readonly UnmatchedLine[]> {
  return queries.unmatchedPositions((await proposalNamed(queries, proposalId)).names);
}

/** A neighbour scoring at least this gives the category even when the members have a section heading. */
export const CLOSE_NEIGHBOUR = 0.5;

// ---- internal helpers ----

/** A proposal without its members, and the names that find them. */
interface Proposal {
  readonly summary: Omit<ServiceProposal, 'members'>;
  readonly names: readonly UnmatchedNameRef[];
}

async function proposalNamed(queries: QueryPort, proposalId: string): Promise<Proposal> {
  const found = (await proposalsOf(queries)).find((p) => p.summary.proposal_id === proposalId);
  if (!found) {
    throw new PricecatError(
      'NOT_FOUND',
      detail('PROPOSAL_NOT_FOUND', { id: proposalId }),
    );
  }
  return found;
}

async function withMembers(queries: QueryPort, model: Directory, proposal: Proposal): Promise<ServiceProposal> {
  const lines = await queries.unmatchedPositions(proposal.names, { limit: PROPOSAL_MEMBERS_SHOWN });
  return {
    ...proposal.summary,
    members: lines.map((p): ProposalMember => ({
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

/** Proposals are computed once per revision of the read side (any write changes it). */
const cache = new WeakMap<QueryPort, { readonly revision: number; readonly proposals: Promise<readonly Proposal[]> }>();

async function proposalsOf(queries: QueryPort): Promise<readonly Proposal[]> {
  const revision = await queries.revision();
  const cached = cache.get(queries);
  if (cached?.revision === revision) return cached.proposals;
  // Requests arriving while the proposals are computed wait for the same answer.
  const entry = { revision, proposals: computeProposals(queries) };
  cache.set(queries, entry);
  entry.proposals.catch(() => {
    if (cache.get(queries) === entry) cache.delete(queries);
  });
  return entry.proposals;
}

async function computeProposals(queries: QueryPort): Promise<Proposal[]> {
  const [model, names] = await Promise.all([queries.directory(), queries.unmatchedNames()]);
  const keyed = names.map((name) => ({ name, key: cachedNameKey(name) }));
  const sectioned = await keysNeedingSection(queries, model, keyed);

  const groups = new Map<string, UnmatchedName[]>();
  for (const { name, key } of keyed) {
    if (key === '') continue;
    const groupKey = sectioned.has(key) ? withSection(key, name.section) : key;
    const group = groups.get(groupKey);
    if (group) group.push(name);
    else groups.set(groupKey, [name]);
  }
  const categories = new Map(model.services.map((s) => [normalizeName(s.category), s.category]));
  const proposals: Proposal[] = [];
  for (const [key, group] of groups) {
    // Versions of one offer (same clinic, same name_norm) are one name: a group needs two.
    if (!hasTwoOffers(group)) continue;
    proposals.push({
      summary: toProposal(model, categories, key, group),
      names: group.map(({ raw_name, name_norm, section }) => ({ raw_name, name_norm, section })),
    });
  }
  return proposals.sort(
    (x, y) => {
      const [a, b] = [x.summary, y.summary];
      return b.clinics - a.clinics || b.positions - a.positions || a.name.localeCompare(b.name, 'ru') || a.key.localeCompare(b.key);
    },
  );
}

/**
 * The keys that need their section (name-groups.ts `needsSection`): the generic ones, and those one price list
 * prices under several sections at several prices. Only keys whose names show that many sections and prices in
 * all are asked of the store per list.
 */
async function keysNeedingSection(
  queries: QueryPort,
  model: Directory,
  keyed: readonly { readonly name: UnmatchedName; readonly key: string }[],
): Promise<Set<string>> {
  const dictionary = dictionaryTerms(model);
  const byKey = new Map<string, { sections: Set<string>; prices: Set<number>; names: UnmatchedName[] }>();
  for (const { name, key } of keyed) {
    if (key === '') continue;
    let seen = byKey.get(key);
    if (!seen) byKey.set(key, (seen = { sections: new Set(), prices: new Set(), names: [] }));
    seen.sections.add(sectionKey(name.section));
    for (const price of name.prices) seen.prices.add(price);
    seen.names.push(name);
  }
  const sectioned = new Set<string>();
  const spread: UnmatchedName[] = [];
  for (const [key, seen] of byKey) {
    if (isGenericName(key, (t) => dictionary.frequency.get(t) ?? 0, dictionary.size)) sectioned.add(key);
    else if (seen.sections.size >= SECTION_DEPENDENT_SPREAD && seen.prices.size >= SECTION_DEPENDENT_SPREAD) spread.push(...seen.names);
  }
  if (spread.length === 0) return sectioned;
  const rows: KeyedRow[] = [];
  for (const row of await queries.unmatchedPricesByList(spread, SECTION_DEPENDENT_SPREAD)) {
    const key = cachedNameKey(row);
    if (row.prices.length === 0) rows.push({ key, price_list_id: row.price_list_id, section: row.section, price: null });
    for (const price of row.prices) rows.push({ key, price_list_id: row.price_list_id, section: row.section, price });
  }
  for (const key of needsSection(rows, () => false)) sectioned.add(key);
  return sectioned;
}

function hasTwoOffers(group: readonly UnmatchedName[]): boolean {
  const offers = new Set<string>();
  for (const name of group) {
    for (const clinic of name.clinic_ids) {
      offers.add(`${clinic}\u0000${name.name_norm}`);
      if (offers.size >= 2) return true;
    }
  }
  return false;
}

/**
 * Keys by raw name. Every snapshot (rebuilt after each write) groups the same names again; a name's key
 * never changes, so it is computed once.
 */
const nameKeys = new Map<string, string>();

function cachedNameKey(position: Pick<UnmatchedNameRef, 'raw_name' | 'name_norm'>): string {
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
  group: readonly UnmatchedName[],
): Omit<ServiceProposal, 'members'> {
  const nearest = nearestService(model, group);
  const section = mostCommon(group);
  // A close dictionary neighbour names the category in the dictionary's words; a distant one is a weaker
  // hint than the clinic's own section heading.
  const useNearest = nearest !== null && (nearest.score >= CLOSE_NEIGHBOUR || section === null);
  const category = useNearest ? nearest.category : section ? (categories.get(normalizeName(section)) ?? section) : null;
  return {
    proposal_id: `prop_${fnv1a64(key)}`,
    name: suggestName(group, key),
    category,
    category_source: useNearest ? 'nearest_service' : section ? 'section' : null,
    nearest_service: nearest,
    key,
    clinics: new Set(group.flatMap((n) => n.clinic_ids)).size,
    positions: group.reduce((sum, n) => sum + n.positions, 0),
    names: new Set(group.map((n) => n.raw_name)).size,
  };
}

/**
 * The most frequent cleaned raw name (ties: the one in more clinics, then the one with fewer odd
 * characters, then the shorter). A name that needs
 * its section gets it appended: «Прием врача (Кардиология)».
 */
function suggestName(group: readonly UnmatchedName[], key: string): string {
  const byName = new Map<string, { positions: number; clinics: Set<string>; names: UnmatchedName[] }>();
  for (const name of group) {
    const suggested = suggestedNameOf(name.raw_name);
    let seen = byName.get(suggested);
    if (!seen) byName.set(suggested, (seen = { positions: 0, clinics: new Set(), names: [] }));
    seen.positions += name.positions;
    for (const clinic of name.clinic_ids) seen.clinics.add(clinic);
    seen.names.push(name);
  }
  const [name, chosen] = [...byName.entries()].sort(
    (a, b) =>
      b[1].positions - a[1].positions ||
      b[1].clinics.size - a[1].clinics.size ||
      oddCharacters(a[0]) - oddCharacters(b[0]) ||
      a[0].length - b[0].length ||
      a[0].localeCompare(b[0], 'ru'),
  )[0]!;
  if (!key.includes(' § ')) return name;
  const section = mostCommon(chosen.names);
  return section ? `${name} (${section})` : name;
}

/** Characters a dictionary name does not use, often OCR debris (`УЗИ почек • надпочечников`). */
function oddCharacters(name: string): number {
  return name.replace(/[\p{L}\p{N}\s().,:;/+%«»"-]/gu, '').length;
}

/** Cleaned suggested names by raw name (a few hundred thousand distinct names at most are kept). */
const suggestedNames = new Map<string, string>();

/** The cleaned name; its trailing sentences stay when cutting them would change what the name denotes. */
function suggestedNameOf(rawName: string): string {
  let name = suggestedNames.get(rawName);
  if (name === undefined) {
    if (suggestedNames.size > 200_000) suggestedNames.clear();
    const short = cleanServiceName(rawName);
    const full = cleanServiceName(rawName, { firstSentence: false });
    name = nameKey(short) === nameKey(full) ? short : full;
    suggestedNames.set(rawName, name);
  }
  return name;
}

function sectionOf(name: Pick<UnmatchedNameRef, 'section'>): string | null {
  return name.section ? cleanSectionHeading(name.section) || null : null;
}

/**
 * The dictionary entry the members' fuzzy candidates rate highest: the best score of any member, ties
 * broken by how many members name it. Null when no candidate reaches the queue threshold (the cascade's
 * own floor for "plausibly this service").
 */
function nearestService(model: Directory, group: readonly UnmatchedName[]): ServiceProposal['nearest_service'] {
  const best = new Map<string, { score: number; count: number }>();
  for (const name of group) {
    for (const candidate of name.candidates) {
      const seen = best.get(candidate.service_id) ?? { score: 0, count: 0 };
      best.set(candidate.service_id, { score: Math.max(seen.score, candidate.score), count: seen.count + candidate.count });
    }
  }
  const [top] = [...best.entries()]
    .filter(([id, s]) => s.score >= DEFAULT_THRESHOLDS.queue && model.servicesById.has(id))
    .sort((a, b) => b[1].score - a[1].score || b[1].count - a[1].count || a[0].localeCompare(b[0]));
  if (!top) return null;
  const service = model.servicesById.get(top[0])!;
  return { service_id: service.service_id, name: service.name, category: service.category, score: top[1].score };
}

/**
 * The cleaned section heading most positions of these names carry; ties: the one met first in ingest order
 * (the names come in the order of their first position).
 */
function mostCommon(names: readonly UnmatchedName[]): string | null {
  const counts = new Map<string, number>();
  for (const name of names) {
    const section = sectionOf(name);
    if (section) counts.set(section, (counts.get(section) ?? 0) + name.positions);
  }
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > counts.get(best)!) best = value;
  return best;
}
