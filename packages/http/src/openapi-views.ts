/**
 * The OpenAPI paths and schemas of the analyst's views: ingest jobs, a service's price history and the dashboard
 * (routes/ingest-jobs.ts, routes/audit-views.ts).
 *
 * @module
 */
import { common, error, errorWith, json, nullable, ok, query, ref } from './openapi-builders.js';

const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const upload = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'A .zip of price lists, or one price list.' },
        },
      },
    },
  },
};

export const viewPaths = {
  '/ingest-jobs': {
    post: {
      tags: ['ingest'],
      operationId: 'startIngestJob',
      summary: 'Upload a ZIP of price lists or one price file; answered at once with a job to poll',
      description:
        'The ingest runs after the answer; `GET /ingest-jobs/{id}` tells each file\'s progress and, at the end, the report ' +
        '(the same report `POST /ingest` gives). A file whose content (SHA-256) a stored list already has is not stored ' +
        'again: its report entry has code `ALREADY_INGESTED` and `duplicate_of` (the list, its file and date), unless the ' +
        'upload says `again=true` (store it as a new version). Jobs live in the server process: a restart forgets them.',
      parameters: [query('again', 'Store files already ingested again, as new versions', { type: 'boolean', default: false })],
      requestBody: upload,
      responses: {
        '202': {
          description: 'The job, running; `Location` names it',
          headers: { Location: { schema: { type: 'string' } } },
          content: json(ref('IngestJob')),
        },
        '400': error('BadRequest'),
        '413': error('TooLarge'),
        ...common,
      },
    },
  },
  '/ingest-jobs/{id}': {
    get: {
      tags: ['ingest'],
      operationId: 'getIngestJob',
      summary: 'An ingest job: each file\'s state, and the report once done',
      parameters: [idParam],
      responses: { '200': ok('The job', ref('IngestJob')), '404': errorWith('No such job (or the server restarted)'), ...common },
    },
  },
  '/services/{id}/history': {
    get: {
      tags: ['catalogue'],
      operationId: 'servicePriceHistory',
      summary: 'A service\'s price per clinic in each of its lists, oldest first',
      description:
        'Per list, the median of its lines for the service (as in the comparison); lists ordered by effective date ' +
        '(unknown: ingest day), then ingest time; a re-ingest of the same file is left out.',
      parameters: [
        idParam,
        query('price_kind', 'Which price', { type: 'string', enum: ['resident', 'nonresident'], default: 'resident' }),
        query('city', 'Only clinics in this city'),
      ],
      responses: { '200': ok('The history', ref('ServicePriceHistory')), '400': error('BadRequest'), '404': error('NotFound'), ...common },
    },
  },
  '/dashboard': {
    get: {
      tags: ['system'],
      operationId: 'dashboard',
      summary: 'Figures per clinic, per category and per ingest (the normalized share over time)',
      responses: { '200': ok('The figures', ref('Dashboard')), ...common },
    },
  },
};

const counts = { type: 'integer', minimum: 0 };
const share = { type: 'number', minimum: 0, maximum: 1 };

export const viewSchemas = {
  IngestJob: {
    type: 'object',
    required: ['job_id', 'file_name', 'status', 'created_at', 'finished_at', 'files', 'done_files', 'report', 'error'],
    properties: {
      job_id: { type: 'string' },
      file_name: { type: 'string' },
      status: { type: 'string', enum: ['running', 'done', 'failed'] },
      created_at: { type: 'string', format: 'date-time' },
      finished_at: nullable('string', { format: 'date-time' }),
      files: {
        type: 'array',
        description: 'Empty until the upload\'s files are known.',
        items: {
          type: 'object',
          required: ['file', 'state', 'report'],
          properties: {
            file: { type: 'string' },
            state: { type: 'string', enum: ['waiting', 'running', 'done'] },
            report: { oneOf: [ref('FileReport'), { type: 'null' }] },
          },
        },
      },
      done_files: counts,
      report: { oneOf: [ref('IngestReport'), { type: 'null' }] },
      error: {
        description: 'Why a failed job stored nothing (an empty upload, a broken ZIP).',
        oneOf: [
          {
            type: 'object',
            required: ['code', 'message'],
            properties: { code: { type: 'string' }, message: { type: 'string' }, message_code: { type: 'string' }, params: { type: 'object' } },
          },
          { type: 'null' },
        ],
      },
    },
  },
  ServicePriceHistory: {
    type: 'object',
    required: ['service_id', 'price_kind', 'clinics'],
    properties: {
      service_id: { type: 'string' },
      price_kind: { type: 'string', enum: ['resident', 'nonresident'] },
      clinics: {
        type: 'array',
        items: {
          type: 'object',
          required: ['clinic_id', 'clinic_name', 'city', 'points'],
          properties: {
            clinic_id: { type: 'string' },
            clinic_name: { type: 'string' },
            city: nullable('string'),
            points: {
              type: 'array',
              items: {
                type: 'object',
                required: ['price_list_id', 'file_name', 'effective_date', 'ingested_at', 'price', 'lines'],
                properties: {
                  price_list_id: { type: 'string' },
                  file_name: { type: 'string' },
                  effective_date: nullable('string', { format: 'date' }),
                  ingested_at: { type: 'string', format: 'date-time' },
                  price: { type: 'number' },
                  lines: counts,
                },
              },
            },
          },
        },
      },
    },
  },
  Dashboard: {
    type: 'object',
    required: ['clinics', 'categories', 'ingests'],
    properties: {
      clinics: {
        type: 'array',
        items: {
          type: 'object',
          required: ['clinic_id', 'name', 'city', 'price_lists', 'positions', 'normalized', 'queued', 'unrecognized', 'skipped', 'normalized_share', 'latest_list_date'],
          properties: {
            clinic_id: { type: 'string' },
            name: { type: 'string' },
            city: nullable('string'),
            price_lists: counts,
            positions: counts,
            normalized: counts,
            queued: counts,
            unrecognized: counts,
            skipped: counts,
            normalized_share: share,
            latest_list_date: nullable('string', { format: 'date' }),
          },
        },
      },
      categories: {
        type: 'array',
        items: {
          type: 'object',
          required: ['category', 'services', 'offered', 'clinics'],
          properties: { category: { type: 'string' }, services: counts, offered: counts, clinics: counts },
        },
      },
      ingests: {
        type: 'array',
        description: 'Oldest ingest first; shares as the positions stand now.',
        items: {
          type: 'object',
          required: ['price_list_id', 'file_name', 'clinic_id', 'clinic_name', 'ingested_at', 'positions', 'normalized', 'normalized_share', 'cumulative_share'],
          properties: {
            price_list_id: { type: 'string' },
            file_name: { type: 'string' },
            clinic_id: { type: 'string' },
            clinic_name: { type: 'string' },
            ingested_at: { type: 'string', format: 'date-time' },
            positions: counts,
            normalized: counts,
            normalized_share: share,
            cumulative_share: share,
          },
        },
      },
    },
  },
};
