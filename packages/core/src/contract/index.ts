/**
 * @module @pricecat/core/contract — the wire contract of the pricecat HTTP API: one zod schema per wire
 * shape, the route table, the enums and limits, and `Wire<…>` types. Imports nothing of the rest of the
 * core and nothing of Node, so a browser can use it (a bundle that only needs the types imports them with
 * `import type`, and the values of `@pricecat/core/contract/limits`).
 */
import type { z } from 'zod';
import type * as s from './schemas.js';

export * from './limits.js';
export * from './schemas.js';
export * from './route-spec.js';
export * from './routes.js';
export * from './conformance.js';
/** The schemas by name, also those whose name the `Wire<…>` types below take (`schemas.ErrorBody`). */
export * as schemas from './schemas.js';

/** A value as it travels: the schema's output, read-only all the way down. */
export type Wire<S extends z.ZodType> = DeepReadonly<z.output<S>>;

/** `T` with every array and object read-only. */
export type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** A page of `T`. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

export type Service = Wire<typeof s.Service>;
export type PriceSummary = Wire<typeof s.PriceSummary>;
export type ServiceDetails = Wire<typeof s.ServiceDetails>;
export type Clinic = Wire<typeof s.Clinic>;
export type ClinicSummary = Wire<typeof s.ClinicSummary>;
export type PriceList = Wire<typeof s.PriceList>;
export type MatchTrace = Wire<typeof s.MatchTrace>;
export type Position = Wire<typeof s.Position>;
export type FileReportOk = Wire<typeof s.FileReportOk>;
export type FileReportError = Wire<typeof s.FileReportError>;
export type FileReport = Wire<typeof s.FileReport>;
export type IngestReport = Wire<typeof s.IngestReport>;
export type ScanSummary = Wire<typeof s.ScanSummary>;
export type ScanReport = Wire<typeof s.ScanReport>;
export type Settings = Wire<typeof s.Settings>;
export type SettingsPatch = z.input<typeof s.SettingsPatch>;
export type Stats = Wire<typeof s.Stats>;
export type SearchHit = Wire<typeof s.SearchHit>;
export type PartnerPrice = Wire<typeof s.PartnerPrice>;
export type OutlierBounds = Wire<typeof s.OutlierBounds>;
export type ServiceComparison = Wire<typeof s.ServiceComparison>;
export type PartnerService = Wire<typeof s.PartnerService>;
export type PriceChange = Wire<typeof s.PriceChange>;
export type PriceChangePage = Wire<typeof s.PriceChangePage>;
export type Candidate = Wire<typeof s.Candidate>;
export type PositionView = Wire<typeof s.PositionView>;
export type QueueItem = Wire<typeof s.QueueItem>;
export type UnmatchedPosition = Wire<typeof s.UnmatchedPosition>;
export type DecisionResult = Wire<typeof s.DecisionResult>;
export type UndoResult = Wire<typeof s.UndoResult>;
export type ServiceProposal = Wire<typeof s.ServiceProposal>;
export type CreatedService = Wire<typeof s.CreatedService>;
export type CreateServiceRequest = z.input<typeof s.CreateServiceRequest>;
export type ErrorBody = Wire<typeof s.ErrorBody>;
export type SearchPage = Wire<typeof s.SearchPage>;
export type IngestJob = Wire<typeof s.IngestJob>;
export type ServicePriceHistory = Wire<typeof s.ServicePriceHistory>;
export type Dashboard = Wire<typeof s.Dashboard>;
export type AcceptSuggestionsRequest = z.input<typeof s.AcceptSuggestionsRequest>;
export type AcceptSuggestionsResult = Wire<typeof s.AcceptSuggestionsResult>;
export type DecisionLogEntry = Wire<typeof s.DecisionLogEntry>;
export type PositionContext = Wire<typeof s.PositionContext>;
export type UndoRequest = z.input<typeof s.UndoRequest>;
/** The queue's filters (`GET /queue` query, the body of `POST /queue/accept-suggestions`). */
export type QueueFilters = { readonly [K in keyof typeof s.queueFilterFields]?: z.output<(typeof s.queueFilterFields)[K]> };
