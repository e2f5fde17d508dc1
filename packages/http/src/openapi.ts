/**
 * The hand-written OpenAPI 3.1 document of the pricecat HTTP API, served at `GET {prefix}/openapi.json`.
 *
 * `servers` holds the RELATIVE url `.`: OpenAPI resolves it against the document's own URL, so
 * `/api/openapi.json` gives `/api`, and the same document fetched through a proxy as
 * `/pricecat/api/openapi.json` gives `/pricecat/api`. An absolute path like `/api` would send
 * "Try it out" calls past such a proxy. Paths are therefore written without the prefix.
 *
 * @module
 */
import { itemsOf, pageOf, schemaRef, schemas } from './openapi-schemas.js';
import { MAX_LIMIT, DEFAULT_LIMIT } from './query.js';
import { MATCH_METHODS, POSITION_KINDS, POSITION_STATUSES } from './routes/positions.js';
import { queuePaths, queueSchemas } from './openapi-queue.js';
import { viewPaths, viewSchemas } from './openapi-views.js';
import { decisionPaths, decisionSchemas } from './openapi-decisions.js';
import { createServiceOperation, proposalPaths, proposalSchemas } from './openapi-proposals.js';
import { common, error, json, ok, param, query } from './openapi-builders.js';



/** Errors any endpoint can answer. */
const paged = [param('limit'), param('offset')];

/** The shape of {@link openapiDocument}, loose on purpose: the JSON is the contract, not this type. */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly [key: string]: unknown };
  readonly servers: readonly { readonly url: string; readonly description?: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly components: Readonly<Record<string, unknown>>;
  readonly [key: string]: unknown;
}

/** The OpenAPI 3.1 document (a plain object; serialise with `JSON.stringify`). */
export const openapiDocument: OpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'pricecat API',
    version: '0.1.0',
    summary: 'Clinic price lists turned into one normalized, comparable catalogue.',
    description:
      'JSON API of pricecat. Field names are snake_case. Every error is `{"error":{"code","message"}}` with a ' +
      'proper 4xx/5xx status. Lists with `limit`/`offset` return `{items,total,limit,offset}` ' +
      `(default limit ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}).`,
    license: { name: 'MIT', identifier: 'MIT' },
  },
  servers: [{ url: '.', description: 'This API, relative to the location of this document' }],
  // Optional: a server without tokens accepts requests without one (`{}`).
  security: [{}, { bearerAuth: [] }],
  tags: [
    { name: 'ingest', description: 'Loading price lists' },
    { name: 'catalogue', description: 'Services, clinics, prices' },
    { name: 'reconcile', description: 'The matcher as a W3C Reconciliation Service (OpenRefine)' },
    { name: 'system', description: 'Health and statistics' },
    { name: 'queue', description: 'The verification queue: match, skip, undo; unmatched positions' },
  ],
  paths: {
    '/ingest': {
      post: {
        tags: ['ingest'],
        operationId: 'ingest',
        summary: 'Ingest a ZIP of price lists or one price file',
        description:
          'Appends to the catalogue. Answers 200 with a per-file report whenever the ingest ran, even if some ' +
          'files failed: those have `status: "error"` with a code and message. Answers when the ingest is over; ' +
          '`POST /ingest-jobs` answers at once and reports progress. By default a file already ingested is stored again ' +
          '(as before); `duplicates=report` reports it (`ALREADY_INGESTED`) instead.',
        parameters: [
          query('duplicates', 'A file whose content is already stored: store it again, or report it', {
            type: 'string',
            enum: ['ingest', 'report'],
            default: 'ingest',
          }),
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: {
                    type: 'string',
                    contentMediaType: 'application/octet-stream',
                    description: 'A .zip of price lists, or one .xlsx/.xls/.docx/.pdf/.csv price list.',
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': ok('The ingest report', schemaRef('IngestReport')),
          '400': error('BadRequest'),
          '409': error('Conflict'),
          '413': error('TooLarge'),
          '415': error('UnsupportedFormat'),
          '422': error('Unprocessable'),
          ...common,
        },
      },
    },
    '/stats': {
      get: {
        tags: ['system'],
        operationId: 'stats',
        summary: 'Figures computed from the database on each call',
        responses: { '200': ok('Statistics', schemaRef('Stats')), ...common },
      },
    },
    '/search': {
      get: {
        tags: ['catalogue'],
        operationId: 'search',
        summary: 'Services whose normalized name matches, with the clinics offering them',
        description:
          'Case-insensitive, Cyrillic included, against `name_norm`. A word no name starts with is replaced by the nearest ' +
          'known word (one typo up to 7 letters, two from 8; `corrections` lists them), and a phrase of the matcher\'s term ' +
          'table is also read as its equivalents (`общий анализ крови` finds `ОАК`). `total` counts every service found.',
        parameters: [
          { ...query('q', 'Words to look for, e.g. `узи`'), required: true },
          query('city', 'Only clinics in this city'),
          ...paged,
        ],
        responses: { '200': ok('Matching services', schemaRef('SearchPage')), '400': error('BadRequest'), ...common },
      },
    },
    '/services': {
      get: {
        tags: ['catalogue'],
        operationId: 'listServices',
        summary: 'The dictionary of services, filtered and paged',
        parameters: [
          query('q', 'Substring of the normalized name'),
          query('category', 'Exact category (specialty)'),
          query('origin', 'Where the entry comes from', { type: 'string', enum: ['dictionary', 'created'] }),
          ...paged,
        ],
        responses: { '200': ok('A page of services', pageOf('Service')), '400': error('BadRequest'), ...common },
      },
      post: createServiceOperation,
    },
    '/services/{id}': {
      get: {
        tags: ['catalogue'],
        operationId: 'getService',
        summary: 'One service with its price summary',
        parameters: [param('serviceId')],
        responses: { '200': ok('The service', schemaRef('ServiceDetails')), '404': error('NotFound'), ...common },
      },
    },
    '/services/{id}/partners': {
      get: {
        tags: ['catalogue'],
        operationId: 'compareService',
        summary: 'One row per clinic with a representative price, the median, spread and deviations',
        description:
          "Representative price of a clinic: in its newest price list that prices the service (in the chosen kind), " +
          'the median of its lines for the service. Each row has its deviation from the median across clinics ' +
          '(absolute, share, `overpayment`/`saving`/`at_median`) and `outlier` by the rule in `outlier_bounds`.',
        parameters: [
          param('serviceId'),
          query('price_kind', 'Which price to compare', {
            type: 'string',
            enum: ['resident', 'nonresident'],
            default: 'resident',
          }),
          query('city', 'Only clinics in this city'),
          query(
            'pool_class',
            "Compare the service's whole class as one service: the positions matched to any of its duplicate entries " +
              '(the same service under several specialties, or a name differing by a gloss, derived from the dictionary) ' +
              'count as its own. The response lists the class in `class`, with `pooled` true when it was pooled.',
            { type: 'string', enum: ['true', 'false', '1', '0'], default: 'false' },
          ),
        ],
        responses: {
          '200': ok('The comparison', schemaRef('ServiceComparison')),
          '400': error('BadRequest'),
          '404': error('NotFound'),
          ...common,
        },
      },
    },
    '/partners': {
      get: {
        tags: ['catalogue'],
        operationId: 'listPartners',
        summary: 'Clinics (partners), filtered by city or name, paged',
        parameters: [query('city', 'Only clinics in this city'), query('q', 'Substring of the clinic name'), ...paged],
        responses: { '200': ok('A page of clinics', pageOf('ClinicSummary')), '400': error('BadRequest'), ...common },
      },
    },
    '/partners/{id}/services': {
      get: {
        tags: ['catalogue'],
        operationId: 'partnerServices',
        summary: "One clinic's priced services, paged",
        parameters: [
          { name: 'id', in: 'path', required: true, description: 'Clinic id (`clinic_id`)', schema: { type: 'string' } },
          ...paged,
        ],
        responses: {
          '200': ok('A page of services with prices', pageOf('PartnerService')),
          '400': error('BadRequest'),
          '404': error('NotFound'),
          ...common,
        },
      },
    },
    '/positions': {
      get: {
        tags: ['catalogue'],
        operationId: 'listPositions',
        summary: 'All extracted positions, filterable and paged (the full dump)',
        parameters: [
          query('clinic_id', 'Only this clinic'),
          query('service_id', 'Only positions matched to this service'),
          query('price_list_id', 'Only this price list'),
          query('status', 'Match status', { type: 'string', enum: POSITION_STATUSES }),
          query('method', 'Match method', { type: 'string', enum: MATCH_METHODS }),
          query('q', 'Substring of the normalized name (case-insensitive)'),
          query('kind', 'Only this kind: `package`, `component` (parts of packages, no offers of their own) or `service`', { type: 'string', enum: POSITION_KINDS }),
          query('package_id', "Only this package's components, in list order"),
          ...paged,
        ],
        responses: { '200': ok('A page of positions', pageOf('Position')), '400': error('BadRequest'), ...common },
      },
    },
    '/price-lists': {
      get: {
        tags: ['catalogue'],
        operationId: 'listPriceLists',
        summary: 'Every ingested price list, oldest ingest first',
        responses: { '200': ok('The price lists', itemsOf('PriceList')), ...common },
      },
    },
    '/price-changes': {
      get: {
        tags: ['catalogue'],
        operationId: 'priceChanges',
        summary: "Services whose price changed by at least a threshold between a clinic's consecutive lists",
        description:
          "Per clinic, lists ordered by effective date then ingest time; each compared with the one before it. " +
          'Representative price per list: median of its lines for the service. Sorted by |change| descending.',
        parameters: [
          query('threshold', 'Smallest relative change |new − old| / old reported, 0.2 = 20 %', {
            type: 'number',
            exclusiveMinimum: 0,
            maximum: 10,
            default: 0.2,
          }),
          query('city', 'Only clinics in this city'),
          query('clinic_id', 'Only this clinic'),
          query('price_kind', 'Compare only this price (default: resident where both lists have it, else non-resident)', {
            type: 'string',
            enum: ['resident', 'nonresident'],
          }),
          ...paged,
        ],
        responses: {
          '200': ok('A page of price changes, biggest first', schemaRef('PriceChangePage')),
          '400': error('BadRequest'),
          '404': error('NotFound'),
          ...common,
        },
      },
    },
    '/reconcile': {
      get: {
        tags: ['reconcile'],
        operationId: 'reconcile',
        summary: 'W3C Reconciliation Service (v0.2): the manifest, or a batch of queries',
        description:
          'Without `queries`: the service manifest. With `queries`: candidates per query, scored with the ' +
          'confidence ingest computes for the same name, code and section (before the per-clinic ' +
          'concentrated-group rule); `match` is true exactly when ingest would normalize automatically. ' +
          'Every answer carries `Access-Control-Allow-Origin: *`.',
        parameters: [
          query('queries', 'JSON object of named queries, e.g. `{"q0":{"query":"Прием терапевта","limit":3}}`'),
          query('callback', 'JSONP: wrap the answer in this function call (`application/javascript`)'),
        ],
        responses: {
          '200': {
            description: 'The manifest (no `queries`) or one result list per query key',
            content: {
              'application/json': { schema: { oneOf: [schemaRef('ReconcileManifest'), schemaRef('ReconcileAnswer')] } },
              'application/javascript': { schema: { type: 'string', description: 'With `callback`: `/**/ callback({...});`' } },
            },
          },
          '400': error('BadRequest'),
          ...common,
        },
      },
      post: {
        tags: ['reconcile'],
        operationId: 'reconcileBatch',
        summary: 'Reconcile a batch of queries (what OpenRefine sends)',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['queries'],
                properties: { queries: { type: 'string', description: 'The queries object as JSON text' } },
              },
            },
            'application/json': {
              schema: { type: 'object', required: ['queries'], properties: { queries: schemaRef('ReconcileQueries') } },
            },
          },
        },
        responses: {
          '200': ok('One result list per query key', schemaRef('ReconcileAnswer')),
          '400': error('BadRequest'),
          '413': error('TooLarge'),
          ...common,
        },
      },
    },
    ...queuePaths,
    ...decisionPaths,
    ...proposalPaths,
    ...viewPaths,
    '/settings': {
      get: {
        tags: ['ingest'],
        operationId: 'getSettings',
        summary: 'The watched folder, the scan schedule and the last scan in brief',
        responses: { '200': ok('The settings', schemaRef('Settings')), ...common },
      },
      post: {
        tags: ['ingest'],
        operationId: 'updateSettings',
        summary: 'Set the watched folder and/or the scan interval',
        description:
          'The folder must exist on the server, be a directory and be readable; otherwise 400 naming the path ' +
          'and why. `scan_interval_minutes`: 1 to 1440, 0 switches the built-in schedule off. A rejected ' +
          'change changes nothing.',
        requestBody: { required: true, content: json(schemaRef('SettingsPatch')) },
        responses: { '200': ok('The settings after the change', schemaRef('Settings')), '400': error('BadRequest'), ...common },
      },
    },
    '/scan': {
      post: {
        tags: ['ingest'],
        operationId: 'scan',
        summary: 'Ingest the new files of the watched folder',
        description:
          'Reads every file under the folder (ZIPs and single price files, sub-folders included) and ingests ' +
          'those whose content (SHA-256) is not in the `ingested_file` log: a renamed copy is skipped, a ' +
          'changed file is ingested. Inside a new ZIP, known entries are skipped one by one. Same per-file ' +
          'report as `/ingest`, plus `skipped`. Scans never overlap: while one runs (requested or scheduled) ' +
          'another request gets 409 `CONFLICT` at once.',
        responses: {
          '200': ok('The scan report', schemaRef('ScanReport')),
          '400': error('BadRequest'),
          '409': error('Conflict'),
          ...common,
        },
      },
    },
    '/scan/last': {
      get: {
        tags: ['ingest'],
        operationId: 'lastScan',
        summary: "The last scan's full report (kept across restarts)",
        responses: { '200': ok('The last scan report', schemaRef('ScanReport')), '404': error('NotFound'), ...common },
      },
    },
    '/export.xlsx': {
      get: {
        tags: ['catalogue'],
        operationId: 'exportWorkbook',
        summary: 'The catalogue as an XLSX workbook (streamed)',
        description:
          'Sheet `Каталог`: one row per service priced by at least one clinic: id, name, category, tariff code, ' +
          'origin, each clinic\'s representative price (as in `/services/{id}/partners`, resident) in its own ' +
          'column, median, min, max, number of clinics. Sheet `Все позиции`: every position, queued, skipped ' +
          'and unrecognized ones too: clinic, city, file, effective date, raw name, code, section, prices, ' +
          'status, service, method, confidence. Every text is a string cell, never a formula.',
        responses: {
          '200': {
            description: 'The workbook, `Content-Disposition: attachment; filename="pricecat-YYYY-MM-DD.xlsx"`',
            content: {
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: { type: 'string', contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
              },
            },
          },
          ...common,
        },
      },
    },
    '/health': {
      get: {
        tags: ['system'],
        operationId: 'health',
        summary: 'Liveness probe',
        responses: { '200': ok('The server is up', schemaRef('Health')) },
      },
    },
  },
  components: {
    schemas: { ...schemas, ...queueSchemas, ...decisionSchemas, ...proposalSchemas, ...viewSchemas },
    parameters: {
      limit: query('limit', `Page size, 1 to ${MAX_LIMIT}`, {
        type: 'integer',
        minimum: 1,
        maximum: MAX_LIMIT,
        default: DEFAULT_LIMIT,
      }),
      offset: query('offset', 'Results to skip', { type: 'integer', minimum: 0, default: 0 }),
      serviceId: { name: 'id', in: 'path', required: true, description: 'Service id (`service_id`)', schema: { type: 'string' } },
    },
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'The API token (`PRICECAT_TOKEN` or a line of `PRICECAT_TOKENS_FILE`); needed only when configured' },
    },
    responses: {
      BadRequest: { description: 'Invalid input: a query parameter, a missing upload field, a malformed body', content: json(schemaRef('Error')) },
      NotFound: { description: 'No such id', content: json(schemaRef('Error')) },
      TooLarge: {
        description:
          'The upload is over the size limit (`UPLOAD_TOO_LARGE`), an archive over its limits (`ARCHIVE_LIMIT`), or the one file ' +
          'uploaded over the rows or positions limits (`LIMIT_EXCEEDED`, with the `report`)',
        content: json(schemaRef('Error')),
      },
      UnsupportedFormat: { description: 'The one file uploaded is neither a ZIP nor a supported price-list format (`UNSUPPORTED_FORMAT`, with the `report`)', content: json(schemaRef('Error')) },
      Unprocessable: {
        description: 'The one file uploaded is damaged or holds no priced row (`EXTRACT_FAILED`, `NO_PRICE_TABLE`, with the `report`)',
        content: json(schemaRef('Error')),
      },
      Internal: {
        description:
          'Unexpected server error (`INTERNAL`, details in the server log), or the data store failed (`STORAGE_FAILED`); ' +
          'an ingest adds its `report` of what was committed',
        content: json(schemaRef('Error')),
      },
      Unauthorized: {
        description:
          'An API token is configured and the request has none or a wrong one (`UNAUTHORIZED`); send `Authorization: Bearer <token>`. ' +
          'Writes need it; reads too with `PRICECAT_AUTH=all`',
        headers: { 'WWW-Authenticate': { schema: { type: 'string' }, description: '`Bearer realm="pricecat"`' } },
        content: json(schemaRef('Error')),
      },
      Forbidden: {
        description: 'The `Host` is not an allowed host name, or the `Origin` is neither the server\'s own nor allowed (`FORBIDDEN`)',
        content: json(schemaRef('Error')),
      },
      HeadersTooLarge: { description: 'The request line and headers are over 16 KiB, e.g. a long query (`HEADERS_TOO_LARGE`)', content: json(schemaRef('Error')) },
      Conflict: { description: 'The request conflicts with the current state (`CONFLICT`), e.g. a scan is already running', content: json(schemaRef('Error')) },
    },
  },
};
