/**
 * One zod schema per wire shape of the pricecat HTTP API, in snake_case as on the wire. The Koa routes
 * validate with them, the OpenAPI document is generated from them, and the web components take their
 * types from them (`Wire<typeof X>`). Named shapes (ids in {@link namedShapes}) become
 * `components.schemas` of the document.
 *
 * @module
 */
import { z } from 'zod';
import {
  CATEGORY_SOURCES, CHANGE_DIRECTIONS, DECISION_ACTIONS, DEVIATION_KINDS, INGEST_FILE_STATES, INGEST_JOB_STATUSES,
  MATCH_METHODS, MAX_LIMIT, MAX_POSITION_IDS, MAX_SCAN_INTERVAL_MINUTES, MAX_SERVICE_NAME_LENGTH, MISMATCH_SIGNS, PROPOSAL_MEMBERS_SHOWN,
  OUTLIER_RULES, PARSE_STATUSES, POSITION_KINDS, POSITION_STATUSES, PRICE_KINDS, PRICE_ROLES, QUEUE_METHODS, SCAN_TRIGGERS, SEARCH_HIT_CLINICS,
  SERVICE_ORIGINS, TRACE_RULES, TRACE_STAGES, UNMATCHED_STATUSES, UPLOAD_SOURCES,
} from './limits.js';

/**
 * The ids of the named shapes: each becomes `#/components/schemas/<id>`. The id and description live in
 * zod's global registry (`.meta`), where `z.toJSONSchema` finds them together with the `.describe()` texts.
 */
export const namedShapes = new Set<string>();

/** Names `schema` `id` (with its description) and returns the named schema. */
function named<T extends z.ZodType>(id: string, description: string | undefined, schema: T): T {
  namedShapes.add(id);
  return schema.meta(description === undefined ? { id } : { id, description }) as T;
}

const text = (description?: string) => (description === undefined ? z.string() : z.string().describe(description));
const nullableText = (description?: string) => text(description).nullable();
const count = (description?: string) => (description === undefined ? z.number().int().min(0) : z.number().int().min(0).describe(description));
const date = (description?: string) => z.string().describe(description ?? 'YYYY-MM-DD').nullable();
const dateTime = () => z.string().meta({ format: 'date-time' });
const share = () => z.number().min(0).max(1);

// ---- error ----

/** The message fields beside every error's `code`: the Russian text, and its code and values in the catalogue. */
const messageFields = {
  message: text('What went wrong and what to do, in Russian.'),
  message_code: z
    .string()
    .optional()
    .meta({ examples: ['ARCHIVE_ENTRY_ENCRYPTED', 'SERVICE_NOT_FOUND', 'FILE_POSITIONS_LIMIT'] })
    .describe(
      'The code of `message` in the message catalogue (`error.<message_code>` in packages/core/assets/messages.ru.json), ' +
        'so a client can render it in another language; absent for the few messages not in the catalogue yet.',
    ),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe("The values `message` names, by the catalogue text's `{name}` placeholders (with `message_code`)."),
};

/** Every error response: a stable code and a message a person can act on (`report` only on a failed ingest). */
export const ErrorBody = named(
  'Error',
  'Every error response: a stable code, and a Russian message a person can act on with its catalogue code and values.',
  z.object({
    error: z.object({
      code: text('Stable code, e.g. INVALID_INPUT, NOT_FOUND, UPLOAD_TOO_LARGE, UNAUTHORIZED, CONFLICT, INTERNAL'),
      ...messageFields,
    }),
    report: z.lazy(() => IngestReport).optional().describe('Only on a failed ingest: what was committed and what not.'),
  }),
);

// ---- dictionary and prices ----

export const Service = named(
  'Service',
  'A dictionary entry.',
  z.object({
    service_id: text('Stable across restarts and re-imports of the same dictionary file.'),
    name: z.string(),
    name_norm: text('Normalized name that search runs against.'),
    category: text("The dictionary's specialty column."),
    tariff_code: nullableText('Kazakhstan tariff code, Latin letters.'),
    origin: z.enum(SERVICE_ORIGINS),
  }),
);

export const PriceSummary = named(
  'PriceSummary',
  'Price summary over clinics (resident prices).',
  z.object({ clinics: count(), min: z.number().nullable(), median: z.number().nullable(), max: z.number().nullable() }),
);

const siblingFeatures = z.object({
  methods: z.array(z.string()),
  materials: z.array(z.string()),
  tariff_codes: z.array(z.string()),
  code_shapes: z.array(z.string()),
});

export const ServiceDetails = named(
  'ServiceDetails',
  'One service with its price summary, its class of duplicate entries and its siblings.',
  Service.extend({
    prices: PriceSummary,
    positions: count('Positions matched to it.'),
    class_id: text('Its class of duplicate entries (one service under several names or specialties).'),
    siblings: z
      .array(z.object({ class_id: z.string(), service_id: z.string(), name: z.string(), features: siblingFeatures }))
      .describe('Entries sharing its base name that differ by method, material or tariff code.'),
  }),
);

export const Clinic = named(
  'Clinic',
  'A clinic (partner).',
  z.object({
    clinic_id: z.string(),
    name: text('Official, de-duplicated name.'),
    city: nullableText(),
    bin: z.string().regex(/^\d{12}$/).nullable().describe('12-digit business identification number.'),
    aliases: z.array(z.string()).describe('Every way documents have named the clinic.'),
    created_at: dateTime(),
  }),
);

export const ClinicSummary = named(
  'ClinicSummary',
  'A clinic with its counts.',
  Clinic.extend({ price_lists: count(), positions: count(), normalized: count(), latest_effective_date: date() }),
);

export const PriceList = named(
  'PriceList',
  'One ingested document of one clinic.',
  z.object({
    price_list_id: z.string(),
    clinic_id: z.string(),
    file_name: z.string(),
    format: text('xlsx, xls, docx, pdf, csv'),
    effective_date: date('YYYY-MM-DD, or YYYY-01-01 when only a year is known.'),
    ingested_at: dateTime(),
    sha256: z.string(),
    status: z.enum(PARSE_STATUSES),
    warnings: z.array(z.string()),
    position_count: count(),
  }),
);

export const MatchTrace = named(
  'MatchTrace',
  'Why the position was matched as it was: the stage, the hand rule that chose the same entry, a few signals, the guards that fired, and the decision it came from.',
  z.object({
    stage: z.enum(TRACE_STAGES),
    rule: z.enum(TRACE_RULES).optional(),
    signals: z.record(z.string(), z.number()).optional(),
    guards: z.array(z.string()).optional(),
    decision: z.string().optional(),
  }),
);

/** `kind` and `package_id` of a position (also of the queue's position views). */
const positionKind = {
  kind: z
    .enum(POSITION_KINDS)
    .describe(
      '`service`: an offer of its own; `package`: an offer whose price covers the positions listed under it (a check-up, a programme); ' +
        "`component`: one of those, not sold on its own, so never compared, searched or in the export's catalogue sheet " +
        '(list a package\'s components with `GET /positions?package_id=`). Positions stored before packages are `service`.',
    ),
  package_id: nullableText("A component's package (its `position_id`; a nested package is a component of its own package); null otherwise."),
};

const positionCandidate = z.object({ service_id: z.string(), name: z.string(), score: z.number(), method: z.enum(MATCH_METHODS) });

export const Position = named(
  'Position',
  'One extracted priced row.',
  z.object({
    position_id: z.string(),
    price_list_id: z.string(),
    clinic_id: z.string(),
    raw_name: text('The name as written in the document.'),
    name_norm: z.string(),
    code: nullableText("The clinic's own code column."),
    section: nullableText(),
    unit: nullableText(),
    price: z.number().nullable().describe('Resident price, the one used for comparison (tenge).'),
    price_nonresident: z.number().nullable().describe('Price for foreigners: near abroad (СНГ), else far abroad.'),
    price_nonresident_far: z
      .number()
      .nullable()
      .describe('Price for far abroad: a cell whose role or second role is nonresident_far (absent from clients older than the field).'),
    prices_raw: z.array(
      z.object({
        role: z.enum(PRICE_ROLES),
        value: z.number(),
        raw: text('The cell text as in the document.'),
        header: z.string(),
        also_roles: z
          .array(z.enum(PRICE_ROLES))
          .optional()
          .describe('Further roles of the same price: one column «… ближнего и дальнего зарубежья» is nonresident and nonresident_far.'),
      }),
    ),
    service_id: nullableText('The matched dictionary service, if any.'),
    confidence: share(),
    method: z.enum(MATCH_METHODS).nullable(),
    status: z.enum(POSITION_STATUSES),
    candidates: z.array(positionCandidate).describe('Top candidate services, best first.'),
    trace: MatchTrace.optional(),
    warnings: z.array(z.string()),
    source: z.object({ table: z.string(), row: z.number().int().describe('1-based row number.') }),
    ...positionKind,
  }),
);

// ---- ingest and scans ----

export const FileReportOk = named(
  'FileReportOk',
  'A file that was read and committed.',
  z.object({
    file: text('Path of the file (inside the ZIP, if one was uploaded).'),
    status: z.enum(['ok', 'warnings']),
    format: z.string(),
    price_list_id: z.string(),
    clinic_id: z.string(),
    clinic_name: z.string(),
    city: nullableText(),
    effective_date: date(),
    positions: count(),
    normalized: count(),
    queued: count(),
    unrecognized: count(),
    skipped: count("Rows whose twin in an earlier list of the clinic an analyst skipped: skipped again, not queued."),
    price_columns: z.array(
      z.object({ header: z.string(), role: z.string(), also_roles: z.array(z.string()).optional().describe("The column's second roles, when it has any.") }),
    ),
    warnings: z.array(z.string()),
  }),
);

export const FileReportError = named(
  'FileReportError',
  'A file that failed and wrote nothing.',
  z.object({
    file: z.string(),
    status: z.literal('error'),
    code: text('UNSUPPORTED_FORMAT, NO_PRICE_TABLE, EXTRACT_FAILED, ALREADY_INGESTED, ...'),
    ...messageFields,
    duplicate_of: z
      .object({
        price_list_id: z.string(),
        file_name: z.string(),
        clinic_id: z.string(),
        clinic_name: z.string().nullable(),
        ingested_at: dateTime(),
        effective_date: date(),
      })
      .optional()
      .describe('With code `ALREADY_INGESTED`: the stored list that already holds this content.'),
  }),
);

export const FileReport = named('FileReport', undefined, z.union([FileReportOk, FileReportError]));

const ingestReportShape = {
  source: z.enum(UPLOAD_SOURCES).describe('A ZIP of price lists, or one price file.'),
  failure: z
    .object({ code: z.string(), ...messageFields })
    .optional()
    .describe('Present when the data store failed: the ingest stopped there; later files are `NOT_PROCESSED`.'),
  files: z.array(FileReport),
  positions: count(),
  normalized: count(),
  errors: count('Files that failed.'),
  duration_ms: z.number(),
};

export const IngestReport = named(
  'IngestReport',
  'One entry per file; a file that failed has `status: error` and wrote nothing, the others were committed.',
  z.object(ingestReportShape),
);

export const IngestJob = named(
  'IngestJob',
  'An upload ingested after the answer: each file\'s state, and the report once done.',
  z.object({
    job_id: z.string(),
    file_name: text('The uploaded file\'s name.'),
    status: z.enum(INGEST_JOB_STATUSES).describe('`failed`: the upload itself was refused (an empty file, a broken ZIP).'),
    created_at: dateTime(),
    finished_at: dateTime().nullable(),
    files: z
      .array(z.object({ file: z.string(), state: z.enum(INGEST_FILE_STATES), report: FileReport.nullable() }))
      .describe("Empty until the upload's files are known."),
    done_files: count(),
    report: IngestReport.nullable(),
    error: z
      .object({ code: z.string(), ...messageFields })
      .nullable()
      .describe('Why a failed job stored nothing (an empty upload, a broken ZIP).'),
  }),
);

export const ScanSummary = named(
  'ScanSummary',
  'The last scan in brief.',
  z.object({
    folder: z.string(),
    trigger: z.enum(SCAN_TRIGGERS),
    started_at: dateTime(),
    finished_at: dateTime(),
    files: count('Files (or ZIP entries) ingested, successfully or not.'),
    errors: count(),
    skipped: count('Files skipped because their content was ingested before.'),
    positions: count(),
  }),
);

export const SkippedFile = named(
  'SkippedFile',
  undefined,
  z.object({
    file: text('Path in the folder; a ZIP entry is `<zip>/<entry>`.'),
    sha256: z.string(),
    known_as: text('The path under which the same content is in the ingested_file log.'),
  }),
);

export const ScanReport = named(
  'ScanReport',
  'The per-file report of a scan, plus the files skipped as known.',
  z.object({
    files: ingestReportShape.files,
    positions: ingestReportShape.positions,
    normalized: ingestReportShape.normalized,
    errors: ingestReportShape.errors,
    duration_ms: ingestReportShape.duration_ms,
    folder: z.string(),
    trigger: z.enum(SCAN_TRIGGERS),
    started_at: dateTime(),
    finished_at: dateTime(),
    skipped: z.array(SkippedFile),
  }),
);

export const Settings = named(
  'Settings',
  undefined,
  z.object({
    watch_folder: nullableText('Absolute path of the watched folder on the server.'),
    scan_interval_minutes: z.number().int().min(0).max(MAX_SCAN_INTERVAL_MINUTES).describe('Minutes between scheduled scans; 0 = off.'),
    last_scan: ScanSummary.nullable(),
  }),
);

export const SettingsPatch = named(
  'SettingsPatch',
  'Absent fields keep their value.',
  z.strictObject({
    watch_folder: nullableText('An existing directory the server can read (absolute path); null clears it.').optional(),
    scan_interval_minutes: z
      .number()
      .int()
      .min(0)
      .max(MAX_SCAN_INTERVAL_MINUTES)
      .optional()
      .describe('Minutes between scheduled scans; 0 switches the schedule off.'),
  }),
);

// ---- statistics and search ----

export const Stats = named(
  'Stats',
  'Figures computed from the database on each call.',
  z.object({
    services: count(),
    clinics: count(),
    cities: count('Distinct cities of the clinics (unknown cities not counted).'),
    price_lists: count(),
    documents: count('Ingested documents: one per price list.'),
    last_ingest_at: dateTime().nullable().describe('When the newest list was ingested.'),
    positions: count('All extracted positions, every version.'),
    normalized: count(),
    normalized_share: share().describe('normalized / positions.'),
    queued: count(),
    unrecognized: count(),
    skipped: count(),
    by_method: z.record(z.string(), z.number().int()),
    by_status: z.record(z.string(), z.number().int()),
  }),
);

export const Health = named('Health', undefined, z.object({ status: z.literal('ok') }));

export const SearchHit = named(
  'SearchHit',
  undefined,
  z.object({
    service: Service,
    prices: PriceSummary,
    clinics: z
      .array(z.object({ clinic_id: z.string(), name: z.string(), city: nullableText() }))
      .describe(`The first ${SEARCH_HIT_CLINICS} clinics offering the service (in the city), in order of their first offer.`),
    clinics_total: count('How many clinics offer the service (in the city); `clinics` names the first of them.'),
  }),
);


export const Dashboard = named(
  'Dashboard',
  'Figures per clinic, per category and per ingest (the normalized share over time).',
  z.object({
    clinics: z
      .array(
        z.object({
          clinic_id: z.string(),
          name: z.string(),
          city: nullableText(),
          price_lists: count(),
          positions: count(),
          normalized: count(),
          queued: count(),
          unrecognized: count(),
          skipped: count(),
          normalized_share: share().describe('normalized / positions; 0 without positions.'),
          latest_list_date: date("The day the clinic's newest list holds from (effective date, else ingest day)."),
        }),
      )
      .describe('By name.'),
    categories: z
      .array(
        z.object({
          category: z.string(),
          services: count(),
          offered: count('Services with a normalized position in some clinic.'),
          clinics: count('Clinics with a normalized position of some service of the category.'),
        }),
      )
      .describe('By category name.'),
    ingests: z
      .array(
        z.object({
          price_list_id: z.string(),
          file_name: z.string(),
          clinic_id: z.string(),
          clinic_name: z.string(),
          ingested_at: dateTime(),
          positions: count(),
          normalized: count('Positions of this list normalized now.'),
          normalized_share: share(),
          cumulative_share: share().describe('Normalized share over this list and every list ingested before it, as the positions stand now.'),
        }),
      )
      .describe('Oldest ingest first; shares as the positions stand now.'),
  }),
);

// ---- comparison and price changes ----

const linePrice = z.object({ position_id: z.string(), raw_name: z.string(), price: z.number() });

export const PartnerPrice = named(
  'PartnerPrice',
  "One clinic's row of a comparison.",
  z.object({
    clinic_id: z.string(),
    clinic_name: z.string(),
    city: nullableText(),
    price: z.number().describe("Representative price: median of the clinic's positions for the service in its latest list."),
    deviation: z.number().describe('price - median'),
    deviation_share: z.number().describe('(price - median) / median; 0.12 = 12 % above the median.'),
    deviation_kind: z.enum(DEVIATION_KINDS).describe('Above the median (the insurer overpays), below it (saves), or at it.'),
    outlier: z.boolean().describe("Outside the comparison's `outlier_bounds`."),
    effective_date: date(),
    list_date: z.string().describe('The day the list holds from: effective_date, else the ingest day (YYYY-MM-DD).'),
    stale: z.boolean().describe('The list is 365 days or more older than the newest list compared beside it.'),
    price_list_id: z.string(),
    positions: z.array(linePrice),
  }),
);

export const OutlierBounds = named(
  'OutlierBounds',
  'Prices outside [low, high] are outliers: `iqr` (4+ clinics), `half_median` (3 clinics), `none` (1–2 clinics).',
  z.object({ rule: z.enum(OUTLIER_RULES), low: z.number().nullable(), high: z.number().nullable() }),
);

export const ServiceComparison = named(
  'ServiceComparison',
  'One row per clinic with a representative price, plus median, spread and deviations.',
  z.object({
    service: Service,
    price_kind: z.enum(PRICE_KINDS),
    median: z.number().nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    spread: z.number().nullable().describe('max - min'),
    spread_ratio: z.number().nullable().describe('max / min'),
    clinics: count('Clinics compared (rows of `partners`).'),
    outlier_bounds: OutlierBounds,
    partners: z.array(PartnerPrice),
    class: z
      .object({
        class_id: z.string(),
        services: z.array(z.object({ service_id: z.string(), name: z.string(), category: z.string() })),
        pooled: z.boolean(),
      })
      .describe(
        "The service's class: the dictionary's duplicate entries of it, the compared service first. `pooled`: their " +
          'positions were compared as one service (asked with `pool_class`; never for a class of one entry).',
      ),
  }),
);

export const ServicePriceHistory = named(
  'ServicePriceHistory',
  "A service's price per clinic in each of its lists, oldest first.",
  z.object({
    service_id: z.string(),
    price_kind: z.enum(PRICE_KINDS),
    clinics: z
      .array(
        z.object({
          clinic_id: z.string(),
          clinic_name: z.string(),
          city: nullableText(),
          points: z.array(
            z.object({
              price_list_id: z.string(),
              file_name: z.string(),
              effective_date: date(),
              ingested_at: dateTime(),
              price: z.number().describe("The median of the list's lines for the service, in the asked kind."),
              lines: count('How many lines went into it.'),
            }),
          ),
        }),
      )
      .describe('Clinics with at least one list pricing the service, by name.'),
  }),
);

export const PartnerService = named(
  'PartnerService',
  undefined,
  z.object({
    service: Service,
    price: z.number().nullable(),
    price_nonresident: z.number().nullable(),
    price_nonresident_far: z.number().nullable(),
    positions: count(),
    effective_date: date(),
  }),
);

export const PriceChange = named(
  'PriceChange',
  'One service of one clinic whose representative price changed between two consecutive lists.',
  z.object({
    clinic_id: z.string(),
    clinic_name: z.string(),
    city: nullableText(),
    service_id: z.string(),
    service_name: z.string(),
    category: z.string(),
    price_kind: z.enum(PRICE_KINDS).describe('Which price was compared.'),
    old_price: z.number().describe('Representative price in the older list (median of its lines for the service).'),
    new_price: z.number(),
    change: z.number().describe('new_price − old_price'),
    change_share: z.number().describe('(new − old) / old; 0.25 = 25 % up.'),
    direction: z.enum(CHANGE_DIRECTIONS),
    old_effective_date: date(),
    new_effective_date: date(),
    old_price_list_id: z.string(),
    new_price_list_id: z.string(),
    old_file_name: z.string(),
    new_file_name: z.string(),
    old_positions: z.array(linePrice).describe('The lines behind old_price.'),
    new_positions: z.array(linePrice).describe('The lines behind new_price.'),
    like_with_like: z
      .boolean()
      .describe('Both lists price the service under some of the same normalized names and only those lines were compared.'),
    mismatch_signs: z
      .array(z.enum(MISMATCH_SIGNS))
      .describe(
        'Why the change may be a wrong match rather than a price move: `names_differ` (the sides share no line name and ' +
          "less than half their words), `beyond_market` (the jump exceeds the other clinics' max / min for the service and " +
          'the new price is outside their range; never for a like-with-like change). Empty when nothing suggests it.',
      ),
  }),
);

// ---- the verification queue ----

export const Candidate = named(
  'Candidate',
  'A candidate dictionary service for a position.',
  z.object({
    service_id: z.string(),
    name: z.string(),
    category: z.string(),
    score: share(),
    method: text('The matching stage that proposed it, e.g. fuzzy, embedding'),
  }),
);

export const PositionView = named(
  'PositionView',
  'A position with its clinic and price list spelled out.',
  z.object({
    position_id: z.string(),
    raw_name: z.string(),
    name_norm: z.string(),
    status: z.enum(POSITION_STATUSES),
    confidence: share().describe("The matcher's best score for the row."),
    clinic_id: z.string(),
    clinic_name: z.string(),
    city: nullableText(),
    section: nullableText(),
    code: nullableText("The clinic's own code for the row."),
    unit: nullableText(),
    price: z.number().nullable().describe('Resident price.'),
    price_nonresident: z.number().nullable(),
    price_nonresident_far: z
      .number()
      .nullable()
      .optional()
      .describe('Far-abroad price (a cell whose role or second role is nonresident_far); absent from servers older than the field.'),
    price_list_id: z.string(),
    file_name: nullableText(),
    effective_date: date(),
    trace: MatchTrace.nullable().describe('Null for a position stored before traces.'),
    ...positionKind,
  }),
);

export const QueueItem = named(
  'QueueItem',
  undefined,
  z.object({
    position: PositionView,
    suggestion: Candidate.nullable().describe('The service to confirm; null when the row has no candidate.'),
    alternatives: z.array(Candidate).describe('The next candidates, best first.'),
  }),
);

export const UnmatchedPosition = named('UnmatchedPosition', undefined, PositionView.extend({ candidates: z.array(Candidate) }));

export const LearnedSynonym = named(
  'LearnedSynonym',
  undefined,
  z.object({ name_norm: z.string(), service_id: z.string(), raw_name: z.string(), clinic_id: nullableText(), created_at: dateTime() }),
);

export const DecisionResult = named(
  'DecisionResult',
  'What was decided.',
  z.object({
    decision_id: nullableText('The decision written; for `already_decided`, the logged one that settled the position (null if gone).'),
    already_decided: z.boolean().describe('An earlier decision had settled the position exactly so; nothing was written.'),
    action: z.enum(DECISION_ACTIONS),
    service: Service.nullable().describe('The service assigned; null for a skip.'),
    position_ids: z.array(z.string()).describe('Every position decided, the requested one first.'),
    learned_synonym: LearnedSynonym.nullable(),
    created_at: dateTime(),
    decided_by: nullableText('The token name the decision is attributed to; null without authentication.'),
  }),
);

export const UndoResult = named(
  'UndoResult',
  'What was undone.',
  z.object({
    decision_id: z.string(),
    decisions: z.number().int().min(1).describe('Logged decisions taken back: 1, or the size of the batch.'),
    batch_id: nullableText(),
    action: z.enum(DECISION_ACTIONS),
    service_id: nullableText(),
    position_ids: z.array(z.string()).describe('Positions put back as they were.'),
  }),
);

const positionId = z.string().trim().min(1).describe('A queued or unrecognized position (from /queue or /unmatched), or one matched automatically.');

const expectedStatus = z
  .enum(POSITION_STATUSES)
  .nullish()
  .describe(
    'The status the analyst saw (the queue shows `queued`): when the position is no longer so and this decision is not ' +
      'what settled it, the decision is refused with 409 `CONFLICT` (someone else decided meanwhile); omitted: the ' +
      'decision corrects whatever the position is now.',
  );

export const MatchRequest = named(
  'MatchRequest',
  undefined,
  z.object({
    position_id: positionId,
    service_id: z.string().trim().min(1).nullish().describe('The service to assign; omit it to confirm the suggestion.'),
    apply_to_identical: z.boolean().nullish().describe('Decide every identical name alike (default true).'),
    expected_status: expectedStatus,
  }),
);

export const SkipRequest = named('SkipRequest', undefined, z.object({ position_id: positionId, expected_status: expectedStatus }));

export const UndoRequest = named(
  'UndoRequest',
  'No body, or no `decision_id`: the latest decision.',
  z.object({ decision_id: z.string().trim().min(1).nullish().describe('A decision of the log (`GET /decisions`); omitted = the latest.') }),
);

const confidenceBound = (description: string) => share().describe(description);

/** The queue's filters (`GET /queue` query, `POST /queue/accept-suggestions` body). */
export const queueFilterFields = {
  clinic_id: z.string().trim().min(1).optional().describe('Only this clinic'),
  category: z.string().trim().min(1).optional().describe("Only positions whose suggestion is a service of this dictionary category (specialty), exactly"),
  method: z.enum(QUEUE_METHODS).optional().describe('Only positions whose suggestion came from this matcher stage'),
  min_confidence: confidenceBound('Only positions with confidence at least this').optional(),
  max_confidence: confidenceBound('Only positions with confidence below this').optional(),
};

export const AcceptSuggestionsRequest = named(
  'AcceptSuggestionsRequest',
  undefined,
  z.object({
    ...queueFilterFields,
    min_confidence: confidenceBound('Suggestions of positions at or above this confidence are accepted (required).'),
    dry_run: z.boolean().default(false).describe('Count only, write nothing.'),
  }),
);

export const AcceptSuggestionsResult = named(
  'AcceptSuggestionsResult',
  'How many were (or, with `dry_run`, would be) accepted.',
  z.object({
    accepted: count('Positions accepted (with dry_run: that would be).'),
    batch_id: nullableText('The batch written; null for a dry run or when nothing was accepted.'),
    dry_run: z.boolean(),
  }),
);

export const DecisionLogEntry = named(
  'DecisionLogEntry',
  'One match or skip still standing.',
  z.object({
    decision_id: z.string(),
    action: z.enum(DECISION_ACTIONS),
    created_at: dateTime(),
    user: nullableText("Who decided: the user's name once there are accounts, the API token's name until then."),
    batch_id: nullableText('The batch of a bulk acceptance.'),
    service: z.object({ service_id: z.string(), name: z.string(), category: z.string() }).nullable().describe('The service a match assigned; null for a skip.'),
    position: z.object({
      position_id: z.string(),
      raw_name: z.string(),
      clinic_id: z.string(),
      clinic_name: z.string(),
      status_before: z.enum(POSITION_STATUSES),
    }),
    identical: count('Identical names the same decision settled besides the first.'),
    suggestion: Candidate.nullable().describe("The matcher's suggestion before the decision."),
    followed_suggestion: z.boolean(),
    undoable: z.boolean().describe('Every position is still as the decision left it.'),
  }),
);

const sourcePlace = z
  .object({ table: z.string(), row: z.number().int() })
  .describe('Where the row is in its file: the table (a sheet name, or the page of a PDF or scan) and the row.');

export const PositionContext = named(
  'PositionContext',
  "A position's neighbouring rows and place in its file.",
  z.object({
    position: PositionView,
    source: sourcePlace,
    format: nullableText(),
    rows: z
      .array(
        z.object({
          position_id: z.string(),
          raw_name: z.string(),
          section: nullableText(),
          price: z.number().nullable(),
          status: z.enum(POSITION_STATUSES),
          method: z.enum(MATCH_METHODS).nullable(),
          service_name: nullableText('The service it is normalized to, or null.'),
          source: sourcePlace,
          current: z.boolean().describe('True for the position asked about.'),
        }),
      )
      .describe('The rows around it in list order, itself included (`current`).'),
  }),
);

// ---- growing the dictionary ----

const proposalMember = z.object({
  position_id: z.string(),
  raw_name: z.string(),
  clinic_id: z.string(),
  clinic_name: z.string(),
  price_list_id: z.string(),
  section: nullableText(),
  price: z.number().nullable(),
  status: z.enum(UNMATCHED_STATUSES),
});

export const ServiceProposal = named(
  'ServiceProposal',
  'A group of unmatched names proposed as one new service.',
  z.object({
    proposal_id: text('`prop_` + a hash of the grouping key; stable while the names stay unmatched.'),
    name: text('Suggested name: the most frequent raw name without degrees and sales words.'),
    category: nullableText('Suggested category.'),
    category_source: z.enum(CATEGORY_SOURCES).nullable(),
    nearest_service: z.object({ service_id: z.string(), name: z.string(), category: z.string(), score: share() }).nullable(),
    key: text('The grouping key: sorted terms, markers and, after ` § `, the section terms when the name needs them.'),
    clinics: z.number().int().min(1),
    positions: z.number().int().min(2).describe('Members, every version included (all of them; `members` lists the first ones).'),
    names: z.number().int().min(1).describe('Distinct raw names.'),
    members: z
      .array(proposalMember)
      .max(PROPOSAL_MEMBERS_SHOWN)
      .describe(`The first ${PROPOSAL_MEMBERS_SHOWN} members in list order (all when \`positions\` is not more); creating a service from the proposal takes all \`positions\`.`),
  }),
);

const serviceName = z.string().min(1).max(MAX_SERVICE_NAME_LENGTH);

export const CreateServiceRequest = named(
  'CreateServiceRequest',
  undefined,
  z.object({
    name: serviceName.meta({ examples: ['Микрореакция'] }),
    category: serviceName.meta({ examples: ['Серология'] }),
    proposal_id: z.string().trim().min(1).nullish().describe('Its members (all of them, not only the ones it lists) become normalized to the new service.'),
    merged_proposal_ids: z
      .array(z.string().trim().min(1))
      .max(MAX_LIMIT)
      .nullish()
      .describe('The members of these proposals too: several proposals merged into one service.'),
    position_ids: z
      .array(z.string().trim().min(1))
      .max(MAX_POSITION_IDS)
      .nullish()
      .describe('These positions become normalized to the new service (with a proposal: in addition).'),
  }),
);

export const CreatedService = named(
  'CreatedService',
  undefined,
  Service.extend({
    origin: z.literal('created'),
    normalized_positions: count('Positions now normalized to the service (method `manual`).'),
    learned_synonyms: count('Distinct `name_norm`s written as learned synonyms.'),
  }),
);

// ---- the reconciliation service (W3C v0.2) ----

export const ReconcileType = named('ReconcileType', undefined, z.object({ id: z.literal('service'), name: z.literal('Медицинская услуга') }));

export const ReconcileManifest = named(
  'ReconcileManifest',
  'W3C Reconciliation API v0.2 service manifest.',
  z.object({
    versions: z.array(z.literal('0.2')),
    name: z.string(),
    identifierSpace: z.string(),
    schemaSpace: z.string(),
    defaultTypes: z.array(ReconcileType),
    view: z.object({ url: text('Template of the service link; `{{id}}` is the service id.') }),
  }),
);

export const ReconcileQueries = named(
  'ReconcileQueries',
  'Named queries, at most 100. A `type` other than `service` gets an empty result.',
  z.record(
    z.string(),
    z.object({
      query: z.string().min(1),
      type: z.union([z.string(), z.array(z.string())]).optional(),
      limit: z.number().int().min(1).optional().describe('Default 5, capped at 25.'),
      properties: z.array(z.object({ pid: z.string(), v: z.unknown() })).optional(),
    }),
  ),
);

export const ReconcileAnswer = named(
  'ReconcileAnswer',
  'One entry per query key.',
  z.record(
    z.string(),
    z.object({
      result: z.array(
        z.object({
          id: text('`service_id` of the candidate.'),
          name: z.string(),
          score: share().describe('The confidence ingest computes.'),
          match: z.boolean().describe('True exactly when ingest would normalize to this service.'),
          type: z.array(ReconcileType),
        }),
      ),
    }),
  ),
);

// ---- pages ----

/** `{items, total, limit, offset}`: a page of `item`; `total` counts all results before paging. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: count(), limit: z.number().int().min(1).max(MAX_LIMIT), offset: count() });
}

/** `{items}`: an unpaged list of `item`. */
export function itemsOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

export const PriceChangePage = named(
  'PriceChangePage',
  undefined,
  pageOf(PriceChange).extend({
    threshold: z.number().describe('The threshold applied.'),
    price_kind: z.enum(PRICE_KINDS).nullable().describe('The kind requested; null: per service, resident where both lists have it.'),
  }),
);

export const SearchPage = named(
  'SearchPage',
  'A page of search hits with the typo corrections made.',
  pageOf(SearchHit).extend({
    corrections: z
      .array(z.object({ from: z.string(), to: z.string() }))
      .describe('Words of the query replaced by the nearest known word (typos).'),
  }),
);
