/**
 * The enums and limits of the wire contract, written once: the schemas, the route table, the core's
 * records and the web components all read them from here. Plain values, no schema library, so a browser
 * bundle can import them (`@pricecat/core/contract/limits`) at no cost.
 *
 * @module
 */

/** Page size when the client gives none. */
export const DEFAULT_LIMIT = 50;
/** The largest page a client may ask for; more would make one response slow and huge. */
export const MAX_LIMIT = 500;
/** The longest schedule interval of the watched folder: one day, in minutes (0 switches it off). */
export const MAX_SCAN_INTERVAL_MINUTES = 1440;
/** The price change reported when the client gives no threshold: 20 %. */
export const DEFAULT_PRICE_CHANGE_THRESHOLD = 0.2;
/** The largest threshold accepted: a tenfold change. */
export const MAX_PRICE_CHANGE_THRESHOLD = 10;
/** The longest name or category of a created service, in characters. */
export const MAX_SERVICE_NAME_LENGTH = 300;
/**
 * The longest name a position keeps, in characters (the archive's longest is 746): a cell of thousands of characters is
 * a note or a broken file, and would not fit the store's indexes (PostgreSQL's b-tree keeps 2,704 bytes per entry).
 */
export const MAX_POSITION_NAME_LENGTH = 1000;
/** The most positions one created service may take at once. */
export const MAX_POSITION_IDS = 10_000;
/**
 * Clinics a search hit names (the first ones offering the service); its `clinics_total` counts them all. A broad
 * word on a large catalogue would otherwise answer every clinic's name under every hit.
 */
export const SEARCH_HIT_CLINICS = 20;
/** Members a proposal of a new service lists (the first ones in ingest order); its `positions` counts them all. */
export const PROPOSAL_MEMBERS_SHOWN = 100;

/** Which price a comparison uses: residents', foreigners' (near abroad, else far abroad), far abroad's. */
export const PRICE_KINDS = ['resident', 'nonresident', 'nonresident_far'] as const;
/** Where a dictionary entry comes from. */
export const SERVICE_ORIGINS = ['dictionary', 'created'] as const;
/** How a position was matched. */
export const MATCH_METHODS = ['code', 'exact', 'synonym', 'fuzzy', 'embedding', 'manual'] as const;
/** Where a position stands. */
export const POSITION_STATUSES = ['normalized', 'queued', 'skipped', 'unrecognized'] as const;
/** What a position is: an offer of its own, a package (a check-up, a programme), or one of a package's parts. */
export const POSITION_KINDS = ['service', 'package', 'component'] as const;
/** The matcher stages a queued position's suggestion can come from (`GET /queue?method=`). */
export const QUEUE_METHODS = ['code', 'exact', 'synonym', 'fuzzy', 'embedding'] as const;
/** What an upload does with a file whose content is already stored: store it again, or report it. */
export const DUPLICATE_CHOICES = ['ingest', 'report'] as const;
/** Why a price change may be a wrong match rather than a price move. */
export const MISMATCH_SIGNS = ['names_differ', 'beyond_market'] as const;
/** Where an ingest job stands. */
export const INGEST_JOB_STATUSES = ['running', 'done', 'failed'] as const;
/** Where one file of an ingest job stands. */
export const INGEST_FILE_STATES = ['waiting', 'running', 'done'] as const;
/** The statuses of positions not normalized (`GET /unmatched`). */
export const UNMATCHED_STATUSES = ['queued', 'unrecognized'] as const;
/** What a price column holds. */
export const PRICE_ROLES = ['resident', 'nonresident', 'nonresident_far', 'without_vat', 'insurance', 'partner', 'other'] as const;
/** How a price list was read. */
export const PARSE_STATUSES = ['ok', 'warnings', 'error'] as const;
/** The stage of the matcher that decided a position. */
export const TRACE_STAGES = ['synonym', 'ranker', 'rules', 'embedding', 'decision'] as const;
/** The hand rule that chose the same entry. */
export const TRACE_RULES = ['code', 'exact', 'rule', 'fuzzy'] as const;
/** A clinic's price against the median. */
export const DEVIATION_KINDS = ['overpayment', 'saving', 'at_median'] as const;
/** The rule that flags outliers of a comparison. */
export const OUTLIER_RULES = ['iqr', 'half_median', 'none'] as const;
/** What started a scan of the watched folder. */
export const SCAN_TRIGGERS = ['request', 'schedule'] as const;
/** An analyst's decision. */
export const DECISION_ACTIONS = ['match', 'skip'] as const;
/** An upload: a ZIP of price lists, or one price file. */
export const UPLOAD_SOURCES = ['archive', 'file'] as const;
/** Where a proposal's category comes from. */
export const CATEGORY_SOURCES = ['nearest_service', 'section'] as const;
/** The direction of a price change. */
export const CHANGE_DIRECTIONS = ['up', 'down'] as const;

/** One of {@link PRICE_KINDS}. */
export type PriceKind = (typeof PRICE_KINDS)[number];
/** One of {@link MATCH_METHODS}. */
export type MatchMethod = (typeof MATCH_METHODS)[number];
/** One of {@link POSITION_STATUSES}. */
export type PositionStatus = (typeof POSITION_STATUSES)[number];
/** One of {@link POSITION_KINDS}. */
export type PositionKind = (typeof POSITION_KINDS)[number];
/** One of {@link MISMATCH_SIGNS}. */
export type MismatchSign = (typeof MISMATCH_SIGNS)[number];
/** One of {@link UNMATCHED_STATUSES}. */
export type UnmatchedStatus = (typeof UNMATCHED_STATUSES)[number];
