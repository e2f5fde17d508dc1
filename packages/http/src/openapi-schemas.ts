/**
 * JSON Schemas (OpenAPI 3.1 `components.schemas`) of what the API returns. They follow the records of
 * `@pricecat/core` (`storage/records.ts`, `catalogue/catalogue.ts`) field for field, in snake_case.
 *
 * @module
 */

import { nullable, ref } from './openapi-builders.js';

const idString = (description: string) => ({ type: 'string', description });

const PRICE_ROLES = ['resident', 'nonresident', 'nonresident_far', 'without_vat', 'insurance', 'partner', 'other'];
const MATCH_METHODS = ['code', 'exact', 'synonym', 'fuzzy', 'embedding', 'manual'];
const POSITION_STATUSES = ['normalized', 'queued', 'skipped', 'unrecognized'];
const POSITION_KINDS = ['service', 'package', 'component'];

/** `kind` and `package_id` of a position (also of the queue's position views). */
export const positionKindProperties = {
  kind: {
    type: 'string',
    enum: POSITION_KINDS,
    description:
      '`service`: an offer of its own; `package`: an offer whose price covers the positions listed under it (a check-up, a programme); ' +
      '`component`: one of those, not sold on its own, so never compared, searched or in the export\'s catalogue sheet ' +
      '(list a package\'s components with `GET /positions?package_id=`). Positions stored before packages are `service`.',
  },
  package_id: nullable('string', { description: "A component's package (its `position_id`; a nested package is a component of its own package); null otherwise." }),
};

const service = {
  type: 'object',
  description: 'A dictionary entry.',
  required: ['service_id', 'name', 'name_norm', 'category', 'tariff_code', 'origin'],
  properties: {
    service_id: idString('Stable across restarts and re-imports of the same dictionary file.'),
    name: { type: 'string', examples: ['УЗИ органов брюшной полости'] },
    name_norm: { type: 'string', description: 'Normalized name that search runs against.' },
    category: { type: 'string', description: "The dictionary's specialty column." },
    tariff_code: nullable('string', { description: 'Kazakhstan tariff code, Latin letters.', examples: ['A02.004.000'] }),
    origin: { type: 'string', enum: ['dictionary', 'created'] },
  },
};

const priceSummary = {
  type: 'object',
  description: 'Price summary over clinics (resident prices).',
  required: ['clinics', 'min', 'median', 'max'],
  properties: {
    clinics: { type: 'integer', minimum: 0 },
    min: nullable('number'),
    median: nullable('number'),
    max: nullable('number'),
  },
};

const clinic = {
  type: 'object',
  description: 'A clinic (partner).',
  required: ['clinic_id', 'name', 'city', 'bin', 'aliases', 'created_at'],
  properties: {
    clinic_id: idString('Clinic id.'),
    name: { type: 'string', description: 'Official, de-duplicated name.' },
    city: nullable('string'),
    bin: nullable('string', { description: '12-digit business identification number.', pattern: '^\\d{12}$' }),
    aliases: { type: 'array', items: { type: 'string' }, description: 'Every way documents have named the clinic.' },
    created_at: { type: 'string', format: 'date-time' },
  },
};

const priceList = {
  type: 'object',
  description: 'One ingested document of one clinic.',
  required: ['price_list_id', 'clinic_id', 'file_name', 'format', 'effective_date', 'ingested_at', 'sha256', 'status', 'warnings', 'position_count'],
  properties: {
    price_list_id: idString('Price list id.'),
    clinic_id: idString('The clinic the list belongs to.'),
    file_name: { type: 'string' },
    format: { type: 'string', examples: ['xlsx', 'xls', 'docx', 'pdf'] },
    effective_date: nullable('string', { format: 'date', description: 'YYYY-MM-DD, or YYYY-01-01 when only a year is known.' }),
    ingested_at: { type: 'string', format: 'date-time' },
    sha256: { type: 'string' },
    status: { type: 'string', enum: ['ok', 'warnings', 'error'] },
    warnings: { type: 'array', items: { type: 'string' } },
    position_count: { type: 'integer', minimum: 0 },
  },
};

/** Why a position was matched as it was (match/trace.ts); shared by the position and the queue's view of it. */
export const matchTrace = {
  type: 'object',
  description:
    'Why the position was matched as it was (absent on positions stored before traces): the stage (`synonym`, `ranker`, `rules`, `embedding`, or `decision` for what the decision log taught: the clinic\'s earlier decision of the same row, a cross-clinic alias, a skip carried over, a rejected suggestion), the hand rule that chose the same entry, a few signals (the ranker\'s log-odds, term score, 3-gram cosine, margin), the guards that fired, and the decision it came from (`clinic_id@date` for a learned synonym; `clinic:dec_…`, `alias:dec_…`, `skip:dec_…`, `suggested:dec_…` or `rejected` for stage `decision`).',
  required: ['stage'],
  properties: {
    stage: { type: 'string', enum: ['synonym', 'ranker', 'rules', 'embedding', 'decision'] },
    rule: { type: 'string', enum: ['code', 'exact', 'rule', 'fuzzy'] },
    signals: { type: 'object', additionalProperties: { type: 'number' } },
    guards: { type: 'array', items: { type: 'string' } },
    decision: { type: 'string' },
  },
};

const position = {
  type: 'object',
  description: 'One extracted priced row.',
  required: ['position_id', 'price_list_id', 'clinic_id', 'raw_name', 'name_norm', 'code', 'section', 'unit', 'price', 'price_nonresident', 'prices_raw', 'service_id', 'confidence', 'method', 'status', 'candidates', 'warnings', 'source', 'kind', 'package_id'],
  properties: {
    position_id: idString('Position id.'),
    price_list_id: idString('The list the row comes from.'),
    clinic_id: idString('The clinic of that list.'),
    raw_name: { type: 'string', description: 'The name as written in the document.' },
    name_norm: { type: 'string' },
    code: nullable('string', { description: "The clinic's own code column." }),
    section: nullable('string'),
    unit: nullable('string'),
    price: nullable('number', { description: 'Resident price, the one used for comparison (tenge).' }),
    price_nonresident: nullable('number'),
    prices_raw: {
      type: 'array',
      items: {
        type: 'object',
        required: ['role', 'value', 'raw', 'header'],
        properties: {
          role: { type: 'string', enum: PRICE_ROLES },
          value: { type: 'number' },
          raw: { type: 'string', description: 'The cell text as in the document.' },
          header: { type: 'string', description: 'Header of the column the price came from.' },
        },
      },
    },
    service_id: nullable('string', { description: 'The matched dictionary service, if any.' }),
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    method: { type: ['string', 'null'], enum: [...MATCH_METHODS, null] },
    status: { type: 'string', enum: POSITION_STATUSES },
    candidates: {
      type: 'array',
      description: 'Top candidate services, best first.',
      items: {
        type: 'object',
        required: ['service_id', 'name', 'score', 'method'],
        properties: {
          service_id: { type: 'string' },
          name: { type: 'string' },
          score: { type: 'number' },
          method: { type: 'string', enum: MATCH_METHODS },
        },
      },
    },
    trace: matchTrace,
    warnings: { type: 'array', items: { type: 'string' } },
    source: {
      type: 'object',
      required: ['table', 'row'],
      properties: { table: { type: 'string' }, row: { type: 'integer', description: '1-based row number.' } },
    },
    ...positionKindProperties,
  },
};

const fileReportOk = {
  type: 'object',
  required: ['file', 'status', 'format', 'price_list_id', 'clinic_id', 'clinic_name', 'city', 'effective_date', 'positions', 'normalized', 'queued', 'unrecognized', 'skipped', 'price_columns', 'warnings'],
  properties: {
    file: { type: 'string', description: 'Path of the file (inside the ZIP, if one was uploaded).' },
    status: { type: 'string', enum: ['ok', 'warnings'] },
    format: { type: 'string' },
    price_list_id: { type: 'string' },
    clinic_id: { type: 'string' },
    clinic_name: { type: 'string' },
    city: nullable('string'),
    effective_date: nullable('string', { format: 'date' }),
    positions: { type: 'integer' },
    normalized: { type: 'integer' },
    queued: { type: 'integer' },
    unrecognized: { type: 'integer' },
    skipped: {
      type: 'integer',
      description: "Rows whose twin in an earlier list of the clinic an analyst skipped: skipped again, not queued.",
    },
    price_columns: {
      type: 'array',
      items: { type: 'object', required: ['header', 'role'], properties: { header: { type: 'string' }, role: { type: 'string' } } },
    },
    warnings: { type: 'array', items: { type: 'string' } },
  },
};

/** The message fields beside every error's `code`: the Russian text, and its code and values in the catalogue. */
const messageFields = {
  message: { type: 'string', description: 'What went wrong and what to do, in Russian.' },
  message_code: {
    type: 'string',
    description:
      'The code of `message` in the message catalogue (`error.<message_code>` in packages/core/assets/messages.ru.json), ' +
      'so a client can render it in another language; absent for the few messages not in the catalogue yet.',
    examples: ['ARCHIVE_ENTRY_ENCRYPTED', 'SERVICE_NOT_FOUND', 'FILE_POSITIONS_LIMIT'],
  },
  params: {
    type: 'object',
    description: 'The values `message` names, by the catalogue text\'s `{name}` placeholders (with `message_code`).',
    additionalProperties: { type: ['string', 'number'] },
    examples: [{ path: 'прайс 2026.xlsx' }],
  },
} as const;

const fileReportError = {
  type: 'object',
  required: ['file', 'status', 'code', 'message'],
  properties: {
    file: { type: 'string' },
    status: { type: 'string', const: 'error' },
    code: { type: 'string', examples: ['UNSUPPORTED_FORMAT', 'NO_PRICE_TABLE', 'EXTRACT_FAILED', 'ALREADY_INGESTED'] },
    ...messageFields,
    duplicate_of: {
      type: 'object',
      description: 'With code `ALREADY_INGESTED`: the stored list that already holds this content.',
      required: ['price_list_id', 'file_name', 'clinic_id', 'clinic_name', 'ingested_at', 'effective_date'],
      properties: {
        price_list_id: { type: 'string' },
        file_name: { type: 'string' },
        clinic_id: { type: 'string' },
        clinic_name: { type: ['string', 'null'] },
        ingested_at: { type: 'string', format: 'date-time' },
        effective_date: { type: ['string', 'null'], format: 'date' },
      },
    },
  },
};

const partnerPrice = {
  type: 'object',
  required: ['clinic_id', 'clinic_name', 'city', 'price', 'deviation', 'deviation_share', 'deviation_kind', 'outlier', 'effective_date', 'list_date', 'stale', 'price_list_id', 'positions'],
  properties: {
    clinic_id: { type: 'string' },
    clinic_name: { type: 'string' },
    city: nullable('string'),
    price: { type: 'number', description: "Representative price: median of the clinic's positions for the service in its latest list." },
    deviation: { type: 'number', description: 'price - median' },
    deviation_share: { type: 'number', description: '(price - median) / median; 0.12 = 12 % above the median.' },
    deviation_kind: {
      type: 'string',
      enum: ['overpayment', 'saving', 'at_median'],
      description: 'Above the median (the insurer overpays), below it (saves), or at it.',
    },
    outlier: { type: 'boolean', description: "Outside the comparison's `outlier_bounds`." },
    effective_date: nullable('string', { format: 'date' }),
    list_date: { type: 'string', format: 'date', description: 'The day the list holds from: effective_date, else the ingest day.' },
    stale: { type: 'boolean', description: 'The list is 365 days or more older than the newest list compared beside it.' },
    price_list_id: { type: 'string' },
    positions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['position_id', 'raw_name', 'price'],
        properties: { position_id: { type: 'string' }, raw_name: { type: 'string' }, price: { type: 'number' } },
      },
    },
  },
};

const outlierBounds = {
  type: 'object',
  description:
    'Prices outside [low, high] are outliers. `iqr` (4+ clinics): [Q1 − 1.5·IQR, Q3 + 1.5·IQR], widened to at least ' +
    '±10 % of the median; `half_median` (3 clinics): ±50 % of the median; `none` (1–2 clinics): nothing is flagged.',
  required: ['rule', 'low', 'high'],
  properties: {
    rule: { type: 'string', enum: ['iqr', 'half_median', 'none'] },
    low: nullable('number'),
    high: nullable('number'),
  },
};

const priceChangeLine = {
  type: 'object',
  required: ['position_id', 'raw_name', 'price'],
  properties: { position_id: { type: 'string' }, raw_name: { type: 'string' }, price: { type: 'number' } },
};

const priceChange = {
  type: 'object',
  description: "One service of one clinic whose representative price changed between two consecutive lists.",
  required: ['clinic_id', 'clinic_name', 'city', 'service_id', 'service_name', 'category', 'price_kind', 'old_price', 'new_price', 'change', 'change_share', 'direction', 'old_effective_date', 'new_effective_date', 'old_price_list_id', 'new_price_list_id', 'old_file_name', 'new_file_name', 'old_positions', 'new_positions', 'like_with_like', 'mismatch_signs'],
  properties: {
    clinic_id: { type: 'string' },
    clinic_name: { type: 'string' },
    city: nullable('string'),
    service_id: { type: 'string' },
    service_name: { type: 'string' },
    category: { type: 'string' },
    price_kind: { type: 'string', enum: ['resident', 'nonresident'], description: 'Which price was compared.' },
    old_price: { type: 'number', description: 'Representative price in the older list (median of its lines for the service).' },
    new_price: { type: 'number' },
    change: { type: 'number', description: 'new_price − old_price' },
    change_share: { type: 'number', description: '(new − old) / old; 0.25 = 25 % up.' },
    direction: { type: 'string', enum: ['up', 'down'] },
    old_effective_date: nullable('string', { format: 'date' }),
    new_effective_date: nullable('string', { format: 'date' }),
    old_price_list_id: { type: 'string' },
    new_price_list_id: { type: 'string' },
    old_file_name: { type: 'string' },
    new_file_name: { type: 'string' },
    old_positions: { type: 'array', items: priceChangeLine, description: 'The lines behind old_price.' },
    new_positions: { type: 'array', items: priceChangeLine, description: 'The lines behind new_price.' },
    like_with_like: {
      type: 'boolean',
      description: 'Both lists price the service under some of the same normalized names and only those lines were compared.',
    },
    mismatch_signs: {
      type: 'array',
      items: { type: 'string', enum: ['names_differ', 'beyond_market'] },
      description:
        'Why the change may be a wrong match rather than a price move: `names_differ` (the sides share no line name and ' +
        'less than half their words), `beyond_market` (the jump exceeds the other clinics\' max / min for the service and ' +
        'the new price is outside their range; never for a like-with-like change). Empty when nothing suggests it.',
    },
  },
};

/** `components.schemas` of the OpenAPI document. */
export const schemas = {
  Error: {
    type: 'object',
    description: 'Every error response: a stable code, and a Russian message a person can act on with its catalogue code and values.',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: {
            type: 'string',
            examples: ['INVALID_INPUT', 'NOT_FOUND', 'UPLOAD_TOO_LARGE', 'LIMIT_EXCEEDED', 'UNAUTHORIZED', 'FORBIDDEN', 'FOLDER_NOT_ALLOWED', 'METHOD_NOT_ALLOWED', 'INTERNAL'],
          },
          ...messageFields,
        },
      },
      report: { $ref: '#/components/schemas/IngestReport', description: 'Only on a failed ingest: what was committed and what not.' },
    },
  },
  Page: {
    type: 'object',
    description: 'A page of results; `total` counts all results before paging.',
    required: ['items', 'total', 'limit', 'offset'],
    properties: {
      items: { type: 'array', items: {} },
      total: { type: 'integer', minimum: 0 },
      limit: { type: 'integer', minimum: 1, maximum: 500 },
      offset: { type: 'integer', minimum: 0 },
    },
  },
  Service: service,
  ServiceDetails: {
    allOf: [
      ref('Service'),
      {
        type: 'object',
        required: ['prices', 'positions', 'class_id', 'siblings'],
        properties: {
          prices: ref('PriceSummary'),
          positions: { type: 'integer', description: 'Positions matched to it.' },
          class_id: { type: 'string', description: 'Its class of duplicate entries (one service under several names or specialties).' },
          siblings: {
            type: 'array',
            description: 'Entries sharing its base name that differ by method, material or tariff code, with what tells them apart.',
            items: {
              type: 'object',
              required: ['class_id', 'service_id', 'name', 'features'],
              properties: {
                class_id: { type: 'string' },
                service_id: { type: 'string' },
                name: { type: 'string' },
                features: {
                  type: 'object',
                  required: ['methods', 'materials', 'tariff_codes', 'code_shapes'],
                  properties: {
                    methods: { type: 'array', items: { type: 'string' } },
                    materials: { type: 'array', items: { type: 'string' } },
                    tariff_codes: { type: 'array', items: { type: 'string' } },
                    code_shapes: { type: 'array', items: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
    ],
  },
  PriceSummary: priceSummary,
  Clinic: clinic,
  ClinicSummary: {
    allOf: [
      ref('Clinic'),
      {
        type: 'object',
        required: ['price_lists', 'positions', 'normalized', 'latest_effective_date'],
        properties: {
          price_lists: { type: 'integer' },
          positions: { type: 'integer' },
          normalized: { type: 'integer' },
          latest_effective_date: nullable('string', { format: 'date' }),
        },
      },
    ],
  },
  PriceList: priceList,
  Position: position,
  FileReport: { oneOf: [fileReportOk, fileReportError] },
  IngestReport: {
    type: 'object',
    description:
      'One entry per file; a file that failed has `status: error` and wrote nothing, the others were committed. ' +
      'Also the `report` beside `error` when an ingest answers 413/415/422/500.',
    required: ['source', 'files', 'positions', 'normalized', 'errors', 'duration_ms'],
    properties: {
      source: { type: 'string', enum: ['archive', 'file'], description: 'A ZIP of price lists, or one price file.' },
      failure: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'string' }, ...messageFields },
        description: 'Present when the data store failed: the ingest stopped there; later files are `NOT_PROCESSED`.',
      },
      files: { type: 'array', items: ref('FileReport') },
      positions: { type: 'integer' },
      normalized: { type: 'integer' },
      errors: { type: 'integer', description: 'Files that failed.' },
      duration_ms: { type: 'number' },
    },
  },
  Stats: {
    type: 'object',
    required: ['services', 'clinics', 'cities', 'price_lists', 'documents', 'last_ingest_at', 'positions', 'normalized', 'normalized_share', 'queued', 'unrecognized', 'skipped', 'by_method', 'by_status'],
    properties: {
      services: { type: 'integer' },
      clinics: { type: 'integer' },
      cities: { type: 'integer', description: 'Distinct cities of the clinics (unknown cities not counted).' },
      price_lists: { type: 'integer' },
      documents: { type: 'integer', description: 'Ingested documents: one per price list (same figure as `price_lists`).' },
      last_ingest_at: nullable('string', { format: 'date-time', description: 'When the newest list was ingested.' }),
      positions: { type: 'integer', description: 'All extracted positions, every version.' },
      normalized: { type: 'integer' },
      normalized_share: { type: 'number', minimum: 0, maximum: 1, description: 'normalized / positions.' },
      queued: { type: 'integer' },
      unrecognized: { type: 'integer' },
      skipped: { type: 'integer' },
      by_method: { type: 'object', additionalProperties: { type: 'integer' } },
      by_status: { type: 'object', additionalProperties: { type: 'integer' } },
    },
  },
  SearchPage: {
    allOf: [
      ref('Page'),
      {
        type: 'object',
        required: ['items', 'corrections'],
        properties: {
          items: { type: 'array', items: ref('SearchHit') },
          corrections: {
            type: 'array',
            description: 'Words of the query replaced by the nearest known word (typos).',
            items: { type: 'object', required: ['from', 'to'], properties: { from: { type: 'string' }, to: { type: 'string' } } },
          },
        },
      },
    ],
  },
  SearchHit: {
    type: 'object',
    required: ['service', 'prices', 'clinics'],
    properties: {
      service: ref('Service'),
      prices: ref('PriceSummary'),
      clinics: {
        type: 'array',
        items: {
          type: 'object',
          required: ['clinic_id', 'name', 'city'],
          properties: { clinic_id: { type: 'string' }, name: { type: 'string' }, city: nullable('string') },
        },
      },
    },
  },
  PartnerPrice: partnerPrice,
  OutlierBounds: outlierBounds,
  PriceChange: priceChange,
  PriceChangePage: {
    allOf: [
      ref('Page'),
      {
        type: 'object',
        required: ['items', 'threshold', 'price_kind'],
        properties: {
          items: { type: 'array', items: ref('PriceChange') },
          threshold: { type: 'number', description: 'The threshold applied.' },
          price_kind: { type: ['string', 'null'], enum: ['resident', 'nonresident', null], description: 'The kind requested; null: per service, resident where both lists have it, else non-resident.' },
        },
      },
    ],
  },
  ServiceComparison: {
    type: 'object',
    description: 'One row per clinic with a representative price, plus median, spread and deviations.',
    required: ['service', 'price_kind', 'median', 'min', 'max', 'spread', 'spread_ratio', 'clinics', 'outlier_bounds', 'partners', 'class'],
    properties: {
      service: ref('Service'),
      price_kind: { type: 'string', enum: ['resident', 'nonresident'] },
      median: nullable('number'),
      min: nullable('number'),
      max: nullable('number'),
      spread: nullable('number', { description: 'max - min' }),
      spread_ratio: nullable('number', { description: 'max / min' }),
      clinics: { type: 'integer', minimum: 0, description: 'Clinics compared (rows of `partners`).' },
      outlier_bounds: ref('OutlierBounds'),
      partners: { type: 'array', items: ref('PartnerPrice') },
      class: {
        type: 'object',
        description:
          "The service's class: the dictionary's duplicate entries of it, the compared service first. `pooled`: their " +
          'positions were compared as one service (asked with `pool_class`; never for a class of one entry).',
        required: ['class_id', 'services', 'pooled'],
        properties: {
          class_id: { type: 'string' },
          services: {
            type: 'array',
            items: {
              type: 'object',
              required: ['service_id', 'name', 'category'],
              properties: { service_id: { type: 'string' }, name: { type: 'string' }, category: { type: 'string' } },
            },
          },
          pooled: { type: 'boolean' },
        },
      },
    },
  },
  PartnerService: {
    type: 'object',
    required: ['service', 'price', 'price_nonresident', 'positions', 'effective_date'],
    properties: {
      service: ref('Service'),
      price: nullable('number'),
      price_nonresident: nullable('number'),
      positions: { type: 'integer' },
      effective_date: nullable('string', { format: 'date' }),
    },
  },
  ReconcileManifest: {
    type: 'object',
    description: 'W3C Reconciliation API v0.2 service manifest.',
    required: ['versions', 'name', 'identifierSpace', 'schemaSpace', 'defaultTypes', 'view'],
    properties: {
      versions: { type: 'array', items: { type: 'string', const: '0.2' } },
      name: { type: 'string' },
      identifierSpace: { type: 'string', format: 'uri' },
      schemaSpace: { type: 'string', format: 'uri' },
      defaultTypes: { type: 'array', items: ref('ReconcileType') },
      view: {
        type: 'object',
        required: ['url'],
        properties: { url: { type: 'string', description: 'Template of the service link; `{{id}}` is the service id.' } },
      },
    },
  },
  ReconcileType: {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: 'string', const: 'service' }, name: { type: 'string', const: 'Медицинская услуга' } },
  },
  ReconcileQueries: {
    type: 'object',
    description: 'Named queries, at most 100. A `type` other than `service` gets an empty result.',
    additionalProperties: {
      type: 'object',
      required: ['query'],
      properties: {
        query: { type: 'string', minLength: 1, examples: ['Первичный прием врача терапевта'] },
        type: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
        limit: { type: 'integer', minimum: 1, default: 5, description: 'Capped at 25.' },
        properties: {
          type: 'array',
          description: '`code` (the clinic code) and `section` (the section heading) are extra evidence; other ids are ignored.',
          items: {
            type: 'object',
            required: ['pid', 'v'],
            properties: { pid: { type: 'string', examples: ['code', 'section'] }, v: {} },
          },
        },
      },
    },
  },
  ReconcileAnswer: {
    type: 'object',
    description: 'One entry per query key.',
    additionalProperties: {
      type: 'object',
      required: ['result'],
      properties: {
        result: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'score', 'match', 'type'],
            properties: {
              id: idString('`service_id` of the candidate.'),
              name: { type: 'string' },
              score: { type: 'number', minimum: 0, maximum: 1, description: 'The confidence ingest computes.' },
              match: { type: 'boolean', description: 'True exactly when ingest would normalize to this service.' },
              type: { type: 'array', items: ref('ReconcileType') },
            },
          },
        },
      },
    },
  },
  ScanSummary: {
    type: 'object',
    description: 'The last scan in brief.',
    required: ['folder', 'trigger', 'started_at', 'finished_at', 'files', 'errors', 'skipped', 'positions'],
    properties: {
      folder: { type: 'string' },
      trigger: { type: 'string', enum: ['request', 'schedule'] },
      started_at: { type: 'string', format: 'date-time' },
      finished_at: { type: 'string', format: 'date-time' },
      files: { type: 'integer', description: 'Files (or ZIP entries) ingested, successfully or not.' },
      errors: { type: 'integer' },
      skipped: { type: 'integer', description: 'Files skipped because their content was ingested before.' },
      positions: { type: 'integer' },
    },
  },
  Settings: {
    type: 'object',
    required: ['watch_folder', 'scan_interval_minutes', 'last_scan'],
    properties: {
      watch_folder: nullable('string', { description: 'Absolute path of the watched folder on the server.' }),
      scan_interval_minutes: { type: 'integer', minimum: 0, maximum: 1440, description: 'Minutes between scheduled scans; 0 = off.' },
      last_scan: { oneOf: [ref('ScanSummary'), { type: 'null' }] },
    },
  },
  SettingsPatch: {
    type: 'object',
    additionalProperties: false,
    description: 'Absent fields keep their value.',
    properties: {
      watch_folder: nullable('string', {
        description: 'An existing directory the server can read (absolute path); null clears it.',
      }),
      scan_interval_minutes: { type: 'integer', minimum: 0, maximum: 1440, description: '0 switches the schedule off.' },
    },
  },
  SkippedFile: {
    type: 'object',
    required: ['file', 'sha256', 'known_as'],
    properties: {
      file: { type: 'string', description: 'Path in the folder; a ZIP entry is `<zip>/<entry>`.' },
      sha256: { type: 'string' },
      known_as: { type: 'string', description: 'The path under which the same content is in the ingested_file log.' },
    },
  },
  ScanReport: {
    allOf: [
      ref('IngestReport'),
      {
        type: 'object',
        required: ['folder', 'trigger', 'started_at', 'finished_at', 'skipped'],
        properties: {
          folder: { type: 'string' },
          trigger: { type: 'string', enum: ['request', 'schedule'] },
          started_at: { type: 'string', format: 'date-time' },
          finished_at: { type: 'string', format: 'date-time' },
          skipped: { type: 'array', items: ref('SkippedFile') },
        },
      },
    ],
  },
  Health: {
    type: 'object',
    required: ['status'],
    properties: { status: { type: 'string', const: 'ok' } },
  },
} as const;

/** A schema for `Page<T>` of the named item schema. */
export function pageOf(itemSchema: string): Record<string, unknown> {
  return {
    allOf: [ref('Page'), { type: 'object', properties: { items: { type: 'array', items: ref(itemSchema) } } }],
  };
}

/** A schema for `{ items: T[] }` (unpaged lists). */
export function itemsOf(itemSchema: string): Record<string, unknown> {
  return {
    type: 'object',
    required: ['items'],
    properties: { items: { type: 'array', items: ref(itemSchema) } },
  };
}

export { ref as schemaRef };
