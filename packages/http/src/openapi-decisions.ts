/**
 * The OpenAPI paths and schemas of the analyst's tools around the queue (`/queue/accept-suggestions`, `/decisions`,
 * `/positions/{id}/context`), spread into the document of openapi.ts. Paths are written without the API prefix.
 *
 * @module
 */
import { QUEUE_METHODS } from '@pricecat/core';
import { common, error, errorWith, json, nullable, ok, param, query, ref } from './openapi-builders.js';

const source = {
  type: 'object',
  required: ['table', 'row'],
  description: 'Where the row is in its file: the table (a sheet name, or the page of a PDF or scan) and the row.',
  properties: { table: { type: 'string' }, row: { type: 'integer' } },
};

/** `paths` entries. */
export const decisionPaths = {
  '/queue/accept-suggestions': {
    post: {
      tags: ['queue'],
      operationId: 'acceptSuggestions',
      summary: 'Accept every suggestion at or above a confidence, as one batch (count first with dry_run)',
      description:
        'Confirms the suggestion of every queued position with `confidence >= min_confidence` that also matches the ' +
        "queue's filters (same names as `GET /queue`), each as its own decision (identical names below the threshold are " +
        'left alone), all of one batch: `POST /undo` right after, or with any of its decision ids, takes the whole batch ' +
        'back. With `dry_run: true` nothing is written and `accepted` is how many would be.',
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          required: ['min_confidence'],
          properties: {
            min_confidence: { type: 'number', minimum: 0, maximum: 1 },
            dry_run: { type: 'boolean', default: false },
            clinic_id: { type: 'string' },
            category: { type: 'string' },
            method: { type: 'string', enum: QUEUE_METHODS },
            max_confidence: { type: 'number', minimum: 0, maximum: 1 },
          },
        }),
      },
      responses: { '200': ok('How many were (or would be) accepted', ref('AcceptSuggestionsResult')), '400': error('BadRequest'), ...common },
    },
  },
  '/decisions': {
    get: {
      tags: ['queue'],
      operationId: 'listDecisions',
      summary: 'The decision log, newest first, paged',
      description:
        'Every match and skip still standing (an undo removes its decision from the log): what was decided, when, by ' +
        'whom (`user`: the API token\'s name until there are user accounts; null without authentication), from which ' +
        'suggestion, and whether an undo can still put every position back.',
      parameters: [query('action', 'Only matches or only skips', { type: 'string', enum: ['match', 'skip'] }), param('limit'), param('offset')],
      responses: {
        '200': ok('A page of the log', { allOf: [ref('Page'), { type: 'object', properties: { items: { type: 'array', items: ref('DecisionLogEntry') } } }] }),
        '400': error('BadRequest'),
        ...common,
      },
    },
  },
  '/positions/{id}/context': {
    get: {
      tags: ['queue'],
      operationId: 'positionContext',
      summary: "A position's neighbouring rows and place in its file",
      description: 'The rows extracted just before and after it in its price list (three each side), with how each was matched.',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { '200': ok('The context', ref('PositionContext')), '404': errorWith('No such position (`NOT_FOUND`)'), ...common },
    },
  },
};

/** `components.schemas` entries the paths above refer to. */
export const decisionSchemas = {
  AcceptSuggestionsResult: {
    type: 'object',
    required: ['accepted', 'batch_id', 'dry_run'],
    properties: {
      accepted: { type: 'integer', description: 'Positions accepted (with dry_run: that would be).' },
      batch_id: nullable('string', { description: 'The batch written; null for a dry run or when nothing was accepted.' }),
      dry_run: { type: 'boolean' },
    },
  },
  DecisionLogEntry: {
    type: 'object',
    required: ['decision_id', 'action', 'created_at', 'user', 'batch_id', 'service', 'position', 'identical', 'suggestion', 'followed_suggestion', 'undoable'],
    properties: {
      decision_id: { type: 'string' },
      action: { type: 'string', enum: ['match', 'skip'] },
      created_at: { type: 'string', format: 'date-time' },
      user: nullable('string', { description: "Who decided: the user's name once there are accounts, the API token's name until then." }),
      batch_id: nullable('string'),
      service: {
        oneOf: [{ type: 'object', required: ['service_id', 'name', 'category'], properties: { service_id: { type: 'string' }, name: { type: 'string' }, category: { type: 'string' } } }, { type: 'null' }],
      },
      position: {
        type: 'object',
        required: ['position_id', 'raw_name', 'clinic_id', 'clinic_name', 'status_before'],
        properties: {
          position_id: { type: 'string' },
          raw_name: { type: 'string' },
          clinic_id: { type: 'string' },
          clinic_name: { type: 'string' },
          status_before: { type: 'string', enum: ['normalized', 'queued', 'skipped', 'unrecognized'] },
        },
      },
      identical: { type: 'integer', description: 'Identical names the same decision settled besides the first.' },
      suggestion: { oneOf: [ref('Candidate'), { type: 'null' }], description: "The matcher's suggestion before the decision." },
      followed_suggestion: { type: 'boolean' },
      undoable: { type: 'boolean', description: 'Every position is still as the decision left it.' },
    },
  },
  PositionContext: {
    type: 'object',
    required: ['position', 'source', 'format', 'rows'],
    properties: {
      position: ref('PositionView'),
      source,
      format: nullable('string'),
      rows: {
        type: 'array',
        items: {
          type: 'object',
          required: ['position_id', 'raw_name', 'section', 'price', 'status', 'method', 'service_name', 'source', 'current'],
          properties: {
            position_id: { type: 'string' },
            raw_name: { type: 'string' },
            section: nullable('string'),
            price: nullable('number'),
            status: { type: 'string', enum: ['normalized', 'queued', 'skipped', 'unrecognized'] },
            method: nullable('string'),
            service_name: nullable('string'),
            source,
            current: { type: 'boolean' },
          },
        },
      },
    },
  },
};
