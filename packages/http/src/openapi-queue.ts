/**
 * The OpenAPI paths and schemas of the verification queue (`/queue`, `/match`, `/skip`, `/undo`) and of
 * `/unmatched`, spread into the document of openapi.ts. Paths are written without the API prefix.
 *
 * @module
 */
import { QUEUE_METHODS, UNMATCHED_STATUSES } from '@pricecat/core';
import { common, error, errorWith, json, nullable, ok, param, query, ref } from './openapi-builders.js';
import { matchTrace, positionKindProperties } from './openapi-schemas.js';

const pageOf = (item: string) => ({
  allOf: [ref('Page'), { type: 'object', properties: { items: { type: 'array', items: ref(item) } } }],
});

const positionIdBody = {
  type: 'object',
  required: ['position_id'],
  properties: { position_id: { type: 'string', description: 'A queued or unrecognized position (from /queue or /unmatched), or one matched automatically.' } },
};

/** `paths` entries of the queue and unmatched routes. */
export const queuePaths = {
  '/queue': {
    get: {
      tags: ['queue'],
      operationId: 'listQueue',
      summary: 'The verification queue: queued positions, most confident first, paged',
      description:
        'Positions with status `queued`, highest `confidence` first (ties in ingest order). Each item has the ' +
        'position with its clinic and file, the `suggestion` (its first candidate: the nearest embedding entry ' +
        'when embeddings are on, else the best fuzzy one) and the next candidates as `alternatives`. Skipped ' +
        'and decided positions never appear. The filters apply before paging, so `total` counts the filtered queue.',
      parameters: [
        query('clinic_id', 'Only this clinic'),
        query('category', "Only positions whose suggestion is a service of this dictionary category (specialty), exactly"),
        query('method', 'Only positions whose suggestion came from this matcher stage', { type: 'string', enum: QUEUE_METHODS }),
        query('min_confidence', 'Only positions with confidence at least this', { type: 'number', minimum: 0, maximum: 1 }),
        query('max_confidence', 'Only positions with confidence below this', { type: 'number', minimum: 0, maximum: 1 }),
        param('limit'),
        param('offset'),
      ],
      responses: { '200': ok('A page of the queue', pageOf('QueueItem')), '400': error('BadRequest'), ...common },
    },
  },
  '/match': {
    post: {
      tags: ['queue'],
      operationId: 'matchPosition',
      summary: 'Confirm the suggestion, assign any service, or correct an automatic match',
      description:
        'The position (queued, unrecognized, or matched automatically) becomes `normalized` with method `manual` and ' +
        'confidence 1, and a learned synonym (`name_norm` → service) is written, so later uploads of the same name are ' +
        'normalized with method `synonym`; the clinic\'s next lists get the same answer for the same row worded with ' +
        'OCR noise, other punctuation, word order or another doctor\'s name, and a wording decided alike in two ' +
        'clinics applies everywhere. The machine\'s answer the decision replaces (its automatic match or first ' +
        'suggestion) is remembered as rejected for that wording. With `apply_to_identical` (default true) every ' +
        'other queued or unrecognized position with the same `name_norm`, in any clinic, gets the same decision, and ' +
        'so does every one matched automatically to the service being corrected. Idempotent: a position already matched ' +
        'to that service by an analyst (by its own decision or by a twin decision applied to identical names) is a ' +
        'success with `already_decided: true` and nothing written; one an analyst decided otherwise is corrected.',
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          required: ['position_id'],
          properties: {
            position_id: { type: 'string' },
            service_id: { type: 'string', description: 'The service to assign; omit it to confirm the suggestion.' },
            apply_to_identical: { type: 'boolean', default: true },
          },
        }),
      },
      responses: {
        '200': ok('What was decided', ref('DecisionResult')),
        '400': error('BadRequest'),
        '404': error('NotFound'),
        '409': errorWith('On a shared PostgreSQL store, another server changed the position after it was read (`CONFLICT`)'),
        ...common,
      },
    },
  },
  '/skip': {
    post: {
      tags: ['queue'],
      operationId: 'skipPosition',
      summary: 'Skip a queued or unrecognized position for good, or withdraw a wrong automatic match',
      description:
        'The position becomes `skipped`, a skipped item is written, and the queue never shows it again; the same row ' +
        'in the clinic\'s next lists is skipped too, and the machine\'s answer is remembered as rejected. Idempotent: ' +
        'a position an analyst already skipped is a success with `already_decided: true`.',
      requestBody: { required: true, content: json(positionIdBody) },
      responses: {
        '200': ok('What was decided', ref('DecisionResult')),
        '400': error('BadRequest'),
        '404': error('NotFound'),
        '409': errorWith('On a shared PostgreSQL store, another server changed the position after it was read (`CONFLICT`)'),
        ...common,
      },
    },
  },
  '/undo': {
    post: {
      tags: ['queue'],
      operationId: 'undoDecision',
      summary: 'Undo the last match or skip, or one from the decision log',
      description:
        'Puts the positions back as they were (those still as the decision left them), removes the learned synonym ' +
        '(restoring one it replaced) or the skipped item. Without a body: the latest decision; with `decision_id`: that ' +
        'one (from `/decisions`). A decision of a batch (`/queue/accept-suggestions`) takes the whole batch back. The ' +
        'decision log is stored, so this works after a restart; call it again to go further back.',
      requestBody: {
        required: false,
        content: json({ type: 'object', properties: { decision_id: { type: 'string', description: 'A decision of the log; omitted = the latest.' } } }),
      },
      responses: {
        '200': ok('What was undone', ref('UndoResult')),
        '404': errorWith('No such decision in the log (`NOT_FOUND`)'),
        '409': errorWith('There is nothing to undo (`CONFLICT`)'),
        ...common,
      },
    },
  },
  '/unmatched': {
    get: {
      tags: ['queue'],
      operationId: 'listUnmatched',
      summary: 'Positions not normalized (queued and unrecognized), paged',
      parameters: [
        query('clinic_id', 'Only this clinic'),
        query('status', 'Only one of the two statuses', { type: 'string', enum: UNMATCHED_STATUSES }),
        query('q', 'Substring of the normalized name (case-insensitive)'),
        param('limit'),
        param('offset'),
      ],
      responses: { '200': ok('A page of unmatched positions', pageOf('UnmatchedPosition')), '400': error('BadRequest'), ...common },
    },
  },
};

const candidate = {
  type: 'object',
  description: 'A candidate dictionary service for a position.',
  required: ['service_id', 'name', 'category', 'score', 'method'],
  properties: {
    service_id: { type: 'string' },
    name: { type: 'string' },
    category: { type: 'string' },
    score: { type: 'number', minimum: 0, maximum: 1 },
    method: { type: 'string', description: 'The matching stage that proposed it', examples: ['fuzzy', 'embedding'] },
  },
};

const positionViewProperties = {
  position_id: { type: 'string' },
  raw_name: { type: 'string' },
  name_norm: { type: 'string' },
  status: { type: 'string', enum: ['normalized', 'queued', 'skipped', 'unrecognized'] },
  confidence: { type: 'number', minimum: 0, maximum: 1, description: "The matcher's best score for the row." },
  clinic_id: { type: 'string' },
  clinic_name: { type: 'string' },
  city: nullable('string'),
  section: nullable('string'),
  code: nullable('string', { description: "The clinic's own code for the row." }),
  unit: nullable('string'),
  price: nullable('number', { description: 'Resident price.' }),
  price_nonresident: nullable('number'),
  price_list_id: { type: 'string' },
  file_name: nullable('string'),
  effective_date: nullable('string', { format: 'date' }),
  trace: { ...matchTrace, type: ['object', 'null'], description: `${matchTrace.description} Null for a position stored before traces.` },
  ...positionKindProperties,
};

/** `components.schemas` entries the paths above refer to. */
export const queueSchemas = {
  Candidate: candidate,
  PositionView: {
    type: 'object',
    description: 'A position with its clinic and price list spelled out.',
    required: Object.keys(positionViewProperties),
    properties: positionViewProperties,
  },
  QueueItem: {
    type: 'object',
    required: ['position', 'suggestion', 'alternatives'],
    properties: {
      position: ref('PositionView'),
      suggestion: { oneOf: [ref('Candidate'), { type: 'null' }], description: 'The service to confirm; null when the row has no candidate.' },
      alternatives: { type: 'array', items: ref('Candidate'), description: 'The next candidates, best first.' },
    },
  },
  UnmatchedPosition: {
    allOf: [
      ref('PositionView'),
      { type: 'object', required: ['candidates'], properties: { candidates: { type: 'array', items: ref('Candidate') } } },
    ],
  },
  DecisionResult: {
    type: 'object',
    required: ['decision_id', 'already_decided', 'action', 'service', 'position_ids', 'learned_synonym', 'created_at'],
    properties: {
      decision_id: nullable('string', { description: 'The decision written; for `already_decided`, the logged one that settled the position (null if gone).' }),
      already_decided: { type: 'boolean', description: 'An earlier decision had settled the position exactly so; nothing was written.' },
      action: { type: 'string', enum: ['match', 'skip'] },
      service: { oneOf: [ref('Service'), { type: 'null' }], description: 'The service assigned; null for a skip.' },
      position_ids: { type: 'array', items: { type: 'string' }, description: 'Every position decided, the requested one first.' },
      learned_synonym: {
        oneOf: [
          {
            type: 'object',
            required: ['name_norm', 'service_id', 'raw_name', 'clinic_id', 'created_at'],
            properties: {
              name_norm: { type: 'string' },
              service_id: { type: 'string' },
              raw_name: { type: 'string' },
              clinic_id: nullable('string'),
              created_at: { type: 'string', format: 'date-time' },
            },
          },
          { type: 'null' },
        ],
      },
      created_at: { type: 'string', format: 'date-time' },
    },
  },
  UndoResult: {
    type: 'object',
    required: ['decision_id', 'decisions', 'batch_id', 'action', 'service_id', 'position_ids'],
    properties: {
      decision_id: { type: 'string' },
      decisions: { type: 'integer', description: 'Logged decisions taken back: 1, or the size of the batch.' },
      batch_id: nullable('string'),
      action: { type: 'string', enum: ['match', 'skip'] },
      service_id: nullable('string'),
      position_ids: { type: 'array', items: { type: 'string' }, description: 'Positions put back as they were.' },
    },
  },
};
