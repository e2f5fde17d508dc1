/**
 * Types of growing the dictionary: proposals of new services from groups of unmatched names, and the
 * request that creates a service. Field names are the HTTP API's names.
 */
import type { CATEGORY_SOURCES } from '../contract/limits.js';
import type { PageRequest } from '../model/catalogue-types.js';

/** Filter and paging of {@link ServiceProposal}s. */
export interface ProposalQuery extends PageRequest {
  /** Only groups spanning at least this many clinics. @default 1 */
  readonly min_clinics?: number;
}

/** One not-normalized position of a proposal. */
export interface ProposalMember {
  readonly position_id: string;
  readonly raw_name: string;
  readonly clinic_id: string;
  readonly clinic_name: string;
  readonly price_list_id: string;
  readonly section: string | null;
  readonly price: number | null;
  readonly status: 'queued' | 'unrecognized';
}

/** Where a proposal's category comes from. */
export type CategorySource = (typeof CATEGORY_SOURCES)[number];

/**
 * A proposed new service: not-normalized positions whose names denote the same service (the same
 * grouping key, see name-groups.ts), in at least two clinics or under at least two names in one clinic.
 */
export interface ServiceProposal {
  /** `prop_` + a hash of the grouping key: stable while the group's names stay unmatched. */
  readonly proposal_id: string;
  /** The suggested canonical name: the group's most frequent raw name, cleaned (service-name.ts). */
  readonly name: string;
  /** The suggested category; null when neither a dictionary neighbour nor a section heading suggests one. */
  readonly category: string | null;
  readonly category_source: CategorySource | null;
  /** The dictionary entry the members' fuzzy candidates rate highest, if any scored at all. */
  readonly nearest_service: {
    readonly service_id: string;
    readonly name: string;
    readonly category: string;
    readonly score: number;
  } | null;
  /** The grouping key: the matcher's terms, sorted, with markers and the section when the name needs it. */
  readonly key: string;
  /** Distinct clinics among the members. */
  readonly clinics: number;
  /** Members, every version included: all of them, however many {@link members} lists. */
  readonly positions: number;
  /** Distinct raw names among the members. */
  readonly names: number;
  /** The first members in ingest order, at most `PROPOSAL_MEMBERS_SHOWN` (contract/limits.ts). */
  readonly members: readonly ProposalMember[];
}

/** `POST /services`: a service from a proposal, from chosen positions, or by hand (neither). */
export interface CreateServiceInput {
  readonly name: string;
  readonly category: string;
  /** The members of this proposal (all of them, not only the listed ones) become normalized to the new service. */
  readonly proposal_id?: string;
  /** The members of these proposals too: several proposals merged into one service. */
  readonly merged_proposal_ids?: readonly string[];
  /** These positions become normalized to the new service (with a proposal: in addition to its members). */
  readonly position_ids?: readonly string[];
}

/** What `createService` answers: the new service and what it changed. */
export interface CreatedService {
  readonly service_id: string;
  readonly name: string;
  readonly name_norm: string;
  readonly category: string;
  readonly tariff_code: string | null;
  readonly origin: 'created';
  /** Positions now normalized to the service (method `manual`). */
  readonly normalized_positions: number;
  /** Distinct `name_norm`s written as learned synonyms, so later uploads match them automatically. */
  readonly learned_synonyms: number;
}
