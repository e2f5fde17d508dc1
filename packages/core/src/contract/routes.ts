/**
 * The route table of the pricecat HTTP API: every route once, with its method, path, parameters, body,
 * answer and error statuses. The Koa server validates input from it and serves the OpenAPI document
 * generated from it; the web components' tests check their fake answers against it. Adding a route is
 * one entry here plus its handler in `@pricecat/http` (the compiler asks for the handler).
 *
 * @module
 */
import { z } from 'zod';
import {
  DECISION_ACTIONS, DEFAULT_PRICE_CHANGE_THRESHOLD, DUPLICATE_CHOICES, MAX_PRICE_CHANGE_THRESHOLD, MATCH_METHODS, POSITION_KINDS,
  POSITION_STATUSES, PRICE_KINDS, SERVICE_ORIGINS, UNMATCHED_STATUSES,
} from './limits.js';
import { enumParam, flagParam, idParam, pageParams, limitParam, requiredTextParam, route, textParam } from './route-spec.js';
import * as s from './schemas.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const serviceId = idParam('Service id (`service_id`)');
const decided = {
  404: '',
  409: 'The position is no longer in `expected_status` (someone else decided it meanwhile), or, on a shared PostgreSQL store, another server changed it after it was read (`CONFLICT`)',
} as const;
const upload = { field: 'file', description: 'A .zip of price lists, or one .xlsx/.xls/.docx/.pdf/.csv price list.' } as const;

/** Every route of the API, keyed by its `operationId`. */
export const routes = {
  ingest: route({
    method: 'post',
    path: '/ingest',
    tag: 'ingest',
    summary: 'Ingest a ZIP of price lists or one price file',
    description:
      'Appends to the catalogue. Answers 200 with a per-file report whenever the ingest ran, even if some files ' +
      'failed: those have `status: "error"` with a code and message. A single file that cannot be ingested answers ' +
      'the status of its error code, with the `report` beside the error. Answers when the ingest is over; ' +
      '`POST /ingest-jobs` answers at once and reports progress. By default a file already ingested is stored again ' +
      '(as before); `duplicates=report` reports it (`ALREADY_INGESTED`) instead.',
    query: z.object({
      duplicates: z.enum(DUPLICATE_CHOICES).default('ingest').describe('A file whose content is already stored: store it again, or report it'),
    }),
    upload,
    ownInput: true,
    response: s.IngestReport,
    responseDescription: 'The ingest report',
    errors: { 400: '', 409: '', 413: '', 415: '', 422: '' },
  }),
  startIngestJob: route({
    method: 'post',
    path: '/ingest-jobs',
    tag: 'ingest',
    summary: 'Upload a ZIP of price lists or one price file; answered at once with a job to poll',
    description:
      "The ingest runs after the answer; `GET /ingest-jobs/{id}` tells each file's progress and, at the end, the report " +
      '(the same report `POST /ingest` gives). A file whose content (SHA-256) a stored list already has is not stored ' +
      'again: its report entry has code `ALREADY_INGESTED` and `duplicate_of` (the list, its file and date), unless the ' +
      'upload says `again=true` (store it as a new version). Jobs live in the server process: a restart forgets them.',
    query: z.object({ again: flagParam('Store files already ingested again, as new versions') }),
    upload,
    ownInput: true,
    status: 202,
    response: s.IngestJob,
    responseDescription: 'The job, running; `Location` names it',
    headers: { Location: 'The job, relative to the server root' },
    errors: { 400: '', 413: '' },
  }),
  getIngestJob: route({
    method: 'get',
    path: '/ingest-jobs/{id}',
    tag: 'ingest',
    summary: "An ingest job: each file's state, and the report once done",
    params: idParam('Job id (`job_id`)'),
    response: s.IngestJob,
    responseDescription: 'The job',
    errors: { 404: 'No such job (or the server restarted) (`NOT_FOUND`)' },
  }),
  stats: route({
    method: 'get',
    path: '/stats',
    tag: 'system',
    summary: 'Figures computed from the database on each call',
    response: s.Stats,
    responseDescription: 'Statistics',
  }),
  dashboard: route({
    method: 'get',
    path: '/dashboard',
    tag: 'system',
    summary: 'Figures per clinic, per category and per ingest (the normalized share over time)',
    response: s.Dashboard,
    responseDescription: 'The figures',
  }),
  health: route({
    method: 'get',
    path: '/health',
    tag: 'system',
    summary: 'Liveness probe',
    bare: true,
    response: s.Health,
    responseDescription: 'The server is up',
  }),
  search: route({
    method: 'get',
    path: '/search',
    tag: 'catalogue',
    summary: 'Services whose normalized name matches, with the clinics offering them',
    description:
      'Case-insensitive, Cyrillic included, against `name_norm`. A word no name starts with is replaced by the nearest ' +
      "known word (one typo up to 7 letters, two from 8; `corrections` lists them), and a phrase of the matcher's term " +
      'table is also read as its equivalents (`общий анализ крови` finds `ОАК`). `total` counts every service found.',
    query: z.object({
      q: requiredTextParam('the words to look for in service names, e.g. q=узи'),
      city: textParam('Only clinics in this city'),
      ...pageParams,
    }),
    response: s.SearchPage,
    responseDescription: 'Matching services',
    errors: { 400: '' },
  }),
  listServices: route({
    method: 'get',
    path: '/services',
    tag: 'catalogue',
    summary: 'The dictionary of services, filtered and paged',
    query: z.object({
      q: textParam('Words the name holds (each as a word prefix); the closest names first: the name itself, then names starting with the words, then shorter names'),
      category: textParam('Exact category (specialty)'),
      origin: enumParam(SERVICE_ORIGINS, 'Where the entry comes from'),
      ...pageParams,
    }),
    response: s.pageOf(s.Service),
    responseDescription: 'A page of services',
    errors: { 400: '' },
  }),
  createService: route({
    method: 'post',
    path: '/services',
    tag: 'catalogue',
    summary: 'Add a service to the dictionary, from a proposal, from chosen positions, or by hand',
    description:
      'Creates a service with `origin: "created"`. The members of `proposal_id` (all of them, not only the ones it lists), ' +
      'those of `merged_proposal_ids` and the positions of `position_ids` ' +
      'become `normalized` to it with method `manual` and confidence 1, and each of their `name_norm`s is written ' +
      'as a learned synonym, so later uploads match those names automatically.',
    body: s.CreateServiceRequest,
    bodyExample: '{"name": "Микрореакция", "category": "Серология", "proposal_id": "prop_…"}',
    status: 201,
    response: s.CreatedService,
    responseDescription: 'The created service and what it changed; `Location` points at `/services/{id}`',
    headers: { Location: 'The new service, relative to the server root' },
    errors: {
      400: 'Not a JSON object, or `name` / `category` missing or empty (`INVALID_INPUT`)',
      404: 'Unknown `proposal_id` (its names may have been matched since) or position id (`NOT_FOUND`)',
      409: 'The category already has a service of that name (`CONFLICT`)',
    },
  }),
  getService: route({
    method: 'get',
    path: '/services/{id}',
    tag: 'catalogue',
    summary: 'One service with its price summary',
    params: serviceId,
    response: s.ServiceDetails,
    responseDescription: 'The service',
    errors: { 404: '' },
  }),
  compareService: route({
    method: 'get',
    path: '/services/{id}/partners',
    tag: 'catalogue',
    summary: 'One row per clinic with a representative price, the median, spread and deviations',
    description:
      'Representative price of a clinic: in its newest price list that prices the service (in the chosen kind), ' +
      'the median of its lines for the service. Each row has its deviation from the median across clinics and ' +
      '`outlier` by the rule in `outlier_bounds`.',
    params: serviceId,
    query: z.object({
      price_kind: z.enum(PRICE_KINDS).default('resident').describe('Which price to compare'),
      city: textParam('Only clinics in this city'),
      pool_class: flagParam(
        "Compare the service's whole class as one service: the positions matched to any of its duplicate entries " +
          '(the same service under several specialties, or a name differing by a gloss, derived from the dictionary) ' +
          'count as its own. The response lists the class in `class`, with `pooled` true when it was pooled.',
      ),
    }),
    response: s.ServiceComparison,
    responseDescription: 'The comparison',
    errors: { 400: '', 404: '' },
  }),
  servicePriceHistory: route({
    method: 'get',
    path: '/services/{id}/history',
    tag: 'catalogue',
    summary: "A service's price per clinic in each of its lists, oldest first",
    description:
      'Per list, the median of its lines for the service (as in the comparison); lists ordered by effective date ' +
      '(unknown: ingest day), then ingest time; a re-ingest of the same file is left out.',
    params: serviceId,
    query: z.object({
      price_kind: z.enum(PRICE_KINDS).default('resident').describe('Which price'),
      city: textParam('Only clinics in this city'),
    }),
    response: s.ServicePriceHistory,
    responseDescription: 'The history',
    errors: { 400: '', 404: '' },
  }),
  listPartners: route({
    method: 'get',
    path: '/partners',
    tag: 'catalogue',
    summary: 'Clinics (partners), filtered by city or name, paged',
    query: z.object({ city: textParam('Only clinics in this city'), q: textParam('Substring of the clinic name'), ...pageParams }),
    response: s.pageOf(s.ClinicSummary),
    responseDescription: 'A page of clinics',
    errors: { 400: '' },
  }),
  partnerServices: route({
    method: 'get',
    path: '/partners/{id}/services',
    tag: 'catalogue',
    summary: "One clinic's priced services, paged",
    params: idParam('Clinic id (`clinic_id`)'),
    query: z.object(pageParams),
    response: s.pageOf(s.PartnerService),
    responseDescription: 'A page of services with prices',
    errors: { 400: '', 404: '' },
  }),
  listPositions: route({
    method: 'get',
    path: '/positions',
    tag: 'catalogue',
    summary: 'All extracted positions, filterable and paged (the full dump)',
    query: z.object({
      clinic_id: textParam('Only this clinic'),
      service_id: textParam('Only positions matched to this service'),
      price_list_id: textParam('Only this price list'),
      status: enumParam(POSITION_STATUSES, 'Match status'),
      method: enumParam(MATCH_METHODS, 'Match method'),
      q: textParam('Substring of the normalized name (case-insensitive)'),
      kind: enumParam(POSITION_KINDS, 'Only this kind: `package`, `component` (parts of packages, no offers of their own) or `service`'),
      package_id: textParam("Only this package's components, in list order"),
      ...pageParams,
    }),
    response: s.pageOf(s.Position),
    responseDescription: 'A page of positions',
    errors: { 400: '' },
  }),
  listPriceLists: route({
    method: 'get',
    path: '/price-lists',
    tag: 'catalogue',
    summary: 'Every ingested price list, oldest ingest first',
    response: s.itemsOf(s.PriceList),
    responseDescription: 'The price lists',
  }),
  priceChanges: route({
    method: 'get',
    path: '/price-changes',
    tag: 'catalogue',
    summary: "Services whose price changed by at least a threshold between a clinic's consecutive lists",
    description:
      'Per clinic, lists ordered by effective date then ingest time; each compared with the one before it. ' +
      'Representative price per list: median of its lines for the service. Sorted by |change| descending.',
    query: z.object({
      threshold: z
        .number()
        .gt(0)
        .max(MAX_PRICE_CHANGE_THRESHOLD)
        .default(DEFAULT_PRICE_CHANGE_THRESHOLD)
        .describe('Smallest relative change |new − old| / old reported, e.g. 0.2 for 20 %'),
      city: textParam('Only clinics in this city'),
      clinic_id: textParam('Only this clinic'),
      price_kind: enumParam(PRICE_KINDS, 'Compare only this price (default: resident where both lists have it, else non-resident)'),
      ...pageParams,
    }),
    response: s.PriceChangePage,
    responseDescription: 'A page of price changes, biggest first',
    errors: { 400: '', 404: '' },
  }),
  reconcile: route({
    method: 'get',
    path: '/reconcile',
    tag: 'reconcile',
    summary: 'W3C Reconciliation Service (v0.2): the manifest, or a batch of queries',
    description:
      'Without `queries`: the service manifest. With `queries`: candidates per query, scored with the confidence ' +
      'ingest computes; `match` is true exactly when ingest would normalize automatically. With `callback` the ' +
      'answer is JSONP (`application/javascript`). Every answer carries `Access-Control-Allow-Origin: *`.',
    query: z.object({
      queries: textParam('JSON object of named queries, e.g. `{"q0":{"query":"Прием терапевта","limit":3}}`'),
      callback: textParam('JSONP: wrap the answer in this function call (`application/javascript`)'),
    }),
    ownInput: true,
    response: z.union([s.ReconcileManifest, s.ReconcileAnswer]),
    responseDescription: 'The manifest (no `queries`) or one result list per query key',
    errors: { 400: '' },
  }),
  reconcileBatch: route({
    method: 'post',
    path: '/reconcile',
    tag: 'reconcile',
    summary: 'Reconcile a batch of queries (what OpenRefine sends, also as a form field)',
    body: z.object({ queries: z.union([s.ReconcileQueries, z.string().describe('The queries object as JSON text')]) }),
    ownInput: true,
    response: s.ReconcileAnswer,
    responseDescription: 'One result list per query key',
    errors: { 400: '', 413: '' },
  }),
  listQueue: route({
    method: 'get',
    path: '/queue',
    tag: 'queue',
    summary: 'The verification queue: queued positions, most confident first, paged',
    description:
      'Positions with status `queued`, highest `confidence` first. Each item has the position with its clinic and ' +
      'file, the `suggestion` (its first candidate) and the next candidates as `alternatives`. The filters apply ' +
      'before paging, so `total` counts the filtered queue.',
    query: z.object({ ...s.queueFilterFields, ...pageParams }),
    response: s.pageOf(s.QueueItem),
    responseDescription: 'A page of the queue',
    errors: { 400: '' },
  }),
  matchPosition: route({
    method: 'post',
    path: '/match',
    tag: 'queue',
    summary: 'Confirm the suggestion, assign any service, or correct an automatic match',
    description:
      'The position becomes `normalized` with method `manual` and confidence 1, and a learned synonym is written, ' +
      'so later uploads of the same name are normalized with method `synonym`. With `apply_to_identical` (default ' +
      'true) every other queued or unrecognized position with the same `name_norm` gets the same decision. Idempotent: ' +
      'a position already matched to that service by an analyst is a success with `already_decided: true` and nothing ' +
      'written; one an analyst decided otherwise is corrected.',
    body: s.MatchRequest,
    bodyExample: '{"position_id": "pos_…", "service_id": "…" (необязательно), "apply_to_identical": true}',
    response: s.DecisionResult,
    responseDescription: 'What was decided',
    errors: { 400: '', ...decided },
  }),
  skipPosition: route({
    method: 'post',
    path: '/skip',
    tag: 'queue',
    summary: 'Skip a queued or unrecognized position for good, or withdraw a wrong automatic match',
    description: 'Idempotent: a position an analyst already skipped is a success with `already_decided: true`.',
    body: s.SkipRequest,
    bodyExample: '{"position_id": "pos_…"}',
    response: s.DecisionResult,
    responseDescription: 'What was decided',
    errors: { 400: '', ...decided },
  }),
  undoDecision: route({
    method: 'post',
    path: '/undo',
    tag: 'queue',
    summary: 'Undo the last match or skip, or one from the decision log',
    description:
      'Puts the positions back as they were (those still as the decision left them). Without a body: the latest ' +
      'decision; with `decision_id`: that one (from `/decisions`). A decision of a batch (`/queue/accept-suggestions`) ' +
      'takes the whole batch back. Call it again to go further back.',
    body: s.UndoRequest,
    optionalBody: true,
    bodyExample: '{"decision_id": "dec_…"}',
    response: s.UndoResult,
    responseDescription: 'What was undone',
    errors: { 400: '', 404: 'No such decision in the log (`NOT_FOUND`)', 409: 'There is nothing to undo (`CONFLICT`)' },
  }),
  acceptSuggestions: route({
    method: 'post',
    path: '/queue/accept-suggestions',
    tag: 'queue',
    summary: 'Accept every suggestion at or above a confidence, as one batch (count first with dry_run)',
    description:
      'Confirms the suggestion of every queued position with `confidence >= min_confidence` that also matches the ' +
      "queue's filters (same names as `GET /queue`), each as its own decision (identical names below the threshold are " +
      'left alone), all of one batch: `POST /undo` right after, or with any of its decision ids, takes the whole batch ' +
      'back. With `dry_run: true` nothing is written and `accepted` is how many would be.',
    body: s.AcceptSuggestionsRequest,
    bodyExample: '{"min_confidence": 0.9, "dry_run": true}',
    response: s.AcceptSuggestionsResult,
    responseDescription: 'How many were (or would be) accepted',
    errors: { 400: '' },
  }),
  listDecisions: route({
    method: 'get',
    path: '/decisions',
    tag: 'queue',
    summary: 'The decision log, newest first, paged',
    description:
      "Every match and skip still standing (an undo removes its decision from the log): what was decided, when, by " +
      "whom (`user`: the API token's name until there are user accounts; null without authentication), from which " +
      'suggestion, and whether an undo can still put every position back.',
    query: z.object({ action: enumParam(DECISION_ACTIONS, 'Only matches or only skips'), ...pageParams }),
    response: s.pageOf(s.DecisionLogEntry),
    responseDescription: 'A page of the log',
    errors: { 400: '' },
  }),
  positionContext: route({
    method: 'get',
    path: '/positions/{id}/context',
    tag: 'queue',
    summary: "A position's neighbouring rows and place in its file",
    description: 'The rows extracted just before and after it in its price list (three each side), with how each was matched.',
    params: idParam('Position id (`position_id`)'),
    response: s.PositionContext,
    responseDescription: 'The context',
    errors: { 404: 'No such position (`NOT_FOUND`)' },
  }),
  listUnmatched: route({
    method: 'get',
    path: '/unmatched',
    tag: 'queue',
    summary: 'Positions not normalized (queued and unrecognized), paged',
    query: z.object({
      clinic_id: textParam('Only this clinic'),
      status: enumParam(UNMATCHED_STATUSES, 'Only one of the two statuses'),
      q: textParam('Substring of the normalized name (case-insensitive)'),
      ...pageParams,
    }),
    response: s.pageOf(s.UnmatchedPosition),
    responseDescription: 'A page of unmatched positions',
    errors: { 400: '' },
  }),
  listServiceProposals: route({
    method: 'get',
    path: '/service-proposals',
    tag: 'catalogue',
    summary: 'Groups of unmatched names proposed as new services, most clinics first',
    description:
      "The queued and unrecognized positions grouped by the matcher's own key. A group is proposed when it holds at " +
      'least two offers. Ranked by clinics, then positions. Create the service with `POST /services` and `proposal_id`.',
    query: z.object({
      min_clinics: z.number().int().min(1).default(1).describe('Only groups spanning at least this many clinics'),
      ...pageParams,
    }),
    response: s.pageOf(s.ServiceProposal),
    responseDescription: 'A page of proposals',
    errors: { 400: '' },
  }),
  getSettings: route({
    method: 'get',
    path: '/settings',
    tag: 'ingest',
    summary: 'The watched folder, the scan schedule and the last scan in brief',
    response: s.Settings,
    responseDescription: 'The settings',
  }),
  updateSettings: route({
    method: 'post',
    path: '/settings',
    tag: 'ingest',
    summary: 'Set the watched folder and/or the scan interval',
    description:
      'The folder must exist on the server, be a directory and be readable; otherwise 400 naming the path and why. ' +
      'A rejected change changes nothing.',
    body: s.SettingsPatch,
    bodyExample: '{"watch_folder": "/srv/pricecat/inbox", "scan_interval_minutes": 30}',
    response: s.Settings,
    responseDescription: 'The settings after the change',
    errors: { 400: '' },
  }),
  scan: route({
    method: 'post',
    path: '/scan',
    tag: 'ingest',
    summary: 'Ingest the new files of the watched folder',
    description:
      'Ingests the files whose content (SHA-256) is not in the `ingested_file` log; same per-file report as ' +
      '`/ingest`, plus `skipped`. Scans never overlap: while one runs another request gets 409 `CONFLICT` at once.',
    response: s.ScanReport,
    responseDescription: 'The scan report',
    errors: { 400: '', 409: '' },
  }),
  lastScan: route({
    method: 'get',
    path: '/scan/last',
    tag: 'ingest',
    summary: "The last scan's full report (kept across restarts)",
    response: s.ScanReport,
    responseDescription: 'The last scan report',
    errors: { 404: '' },
  }),
  exportWorkbook: route({
    method: 'get',
    path: '/export.xlsx',
    tag: 'catalogue',
    summary: 'The catalogue as an XLSX workbook (streamed)',
    description:
      'Sheet `Каталог`: one row per service priced by at least one clinic, with each clinic\'s representative price, ' +
      'median, min, max. Sheet `Все позиции`: every position. Every text is a string cell, never a formula.',
    response: { contentType: XLSX, description: 'The workbook, `Content-Disposition: attachment; filename="pricecat-YYYY-MM-DD.xlsx"`' },
    responseDescription: 'The workbook',
  }),
} as const;

/** The route table's type. */
export type Routes = typeof routes;
/** The `operationId` of a route. */
export type RouteName = keyof Routes;
