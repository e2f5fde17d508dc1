/**
 * The OpenAPI paths and schemas of growing the dictionary: `GET /service-proposals` and the operation
 * `POST /services`, spread into the document of openapi.ts. Paths are written without the API prefix.
 *
 * @module
 */
import { MAX_POSITION_IDS, MAX_SERVICE_NAME_LENGTH } from '@pricecat/core';
import { common, error, errorWith, json, nullable, ok, param, ref } from './openapi-builders.js';


/** `paths` entries of the proposals route. */
export const proposalPaths = {
  '/service-proposals': {
    get: {
      tags: ['catalogue'],
      operationId: 'listServiceProposals',
      summary: 'Groups of unmatched names proposed as new services, most clinics first',
      description:
        'The queued and unrecognized positions (skipped ones stay out) grouped by the matcher\'s own key: the ' +
        'set of terms of the name (`toTerms(normalizeName(raw_name))`), plus a capital letter designation ' +
        '(«гепатит В» / «гепатит С») and a remaining «без» (without contrast), which the key alone would lose. ' +
        'A name whose terms are all common in the dictionary («Прием врача», «УЗИ»), or that one list prices ' +
        'under three or more sections at three or more prices, is grouped together with its section heading. ' +
        'A group is proposed when it holds at least two offers (versions of one name in one clinic are one ' +
        'offer). Ranked by clinics, then positions. Create the service with `POST /services` and `proposal_id`.',
      parameters: [
        {
          name: 'min_clinics',
          in: 'query',
          required: false,
          description: 'Only groups spanning at least this many clinics',
          schema: { type: 'integer', minimum: 1, default: 1 },
        },
        param('limit'),
        param('offset'),
      ],
      responses: {
        '200': ok('A page of proposals', {
          allOf: [ref('Page'), { type: 'object', properties: { items: { type: 'array', items: ref('ServiceProposal') } } }],
        }),
        '400': error('BadRequest'),
        ...common,
      },
    },
  },
} as const;

/** The `post` operation of `/services`, added next to its `get` in openapi.ts. */
export const createServiceOperation = {
  tags: ['catalogue'],
  operationId: 'createService',
  summary: 'Add a service to the dictionary, from a proposal, from chosen positions, or by hand',
  description:
    'Creates a service with `origin: "created"` (its id is derived from category and name, as for dictionary ' +
    'entries). The members of `proposal_id` and the positions of `position_ids` become `normalized` to it with ' +
    'method `manual` and confidence 1, and each of their `name_norm`s is written as a learned synonym, so later ' +
    'uploads match those names automatically (method `synonym`). Created services are listed by ' +
    '`GET /services?origin=created` and included in the export.',
  requestBody: {
    required: true,
    content: json(ref('CreateServiceRequest')),
  },
  responses: {
    '201': {
      description: 'The created service and what it changed; `Location` points at `/services/{id}`',
      headers: { Location: { schema: { type: 'string' }, description: 'The new service, relative to the server root' } },
      content: json(ref('CreatedService')),
    },
    '400': errorWith('Not a JSON object, or `name` / `category` missing or empty (`INVALID_INPUT`)'),
    '404': errorWith('Unknown `proposal_id` (its names may have been matched since) or position id (`NOT_FOUND`)'),
    '409': errorWith('The category already has a service of that name (`CONFLICT`)'),
    ...common,
  },
} as const;

const member = {
  type: 'object',
  description: 'A not-normalized position of a proposal.',
  required: ['position_id', 'raw_name', 'clinic_id', 'clinic_name', 'price_list_id', 'section', 'price', 'status'],
  properties: {
    position_id: { type: 'string' },
    raw_name: { type: 'string' },
    clinic_id: { type: 'string' },
    clinic_name: { type: 'string' },
    price_list_id: { type: 'string' },
    section: nullable('string'),
    price: nullable('number'),
    status: { type: 'string', enum: ['queued', 'unrecognized'] },
  },
};

/** `components.schemas` entries of the proposals route and `POST /services`. */
export const proposalSchemas = {
  ServiceProposal: {
    type: 'object',
    description: 'A group of unmatched names proposed as one new service.',
    required: ['proposal_id', 'name', 'category', 'category_source', 'nearest_service', 'key', 'clinics', 'positions', 'names', 'members'],
    properties: {
      proposal_id: { type: 'string', description: '`prop_` + a hash of the grouping key; stable while the names stay unmatched.' },
      name: { type: 'string', description: 'Suggested name: the most frequent raw name without degrees, trailing programme sentence and sales words.' },
      category: nullable('string', { description: 'Suggested category.' }),
      category_source: nullable('string', {
        enum: ['nearest_service', 'section', null],
        description: '`nearest_service`: the category of the dictionary entry the fuzzy candidates rate highest (score ≥ 0.5, or any when there is no section); `section`: the most common section heading.',
      }),
      nearest_service: {
        oneOf: [
          { type: 'null' },
          {
            type: 'object',
            required: ['service_id', 'name', 'category', 'score'],
            properties: {
              service_id: { type: 'string' },
              name: { type: 'string' },
              category: { type: 'string' },
              score: { type: 'number', minimum: 0, maximum: 1 },
            },
          },
        ],
      },
      key: { type: 'string', description: 'The grouping key: sorted terms, markers (`#в`, `¬без`) and, after ` § `, the section terms when the name needs them.' },
      clinics: { type: 'integer', minimum: 1 },
      positions: { type: 'integer', minimum: 2, description: 'Members, every version included.' },
      names: { type: 'integer', minimum: 1, description: 'Distinct raw names.' },
      members: { type: 'array', items: member },
    },
  },
  CreateServiceRequest: {
    type: 'object',
    required: ['name', 'category'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: MAX_SERVICE_NAME_LENGTH, examples: ['Микрореакция'] },
      category: { type: 'string', minLength: 1, maxLength: MAX_SERVICE_NAME_LENGTH, examples: ['Серология'] },
      proposal_id: { type: 'string', description: 'Its members become normalized to the new service.' },
      position_ids: {
        type: 'array',
        maxItems: MAX_POSITION_IDS,
        items: { type: 'string' },
        description: 'These positions become normalized to the new service (with a proposal: in addition).',
      },
    },
  },
  CreatedService: {
    type: 'object',
    required: ['service_id', 'name', 'name_norm', 'category', 'tariff_code', 'origin', 'normalized_positions', 'learned_synonyms'],
    properties: {
      service_id: { type: 'string' },
      name: { type: 'string' },
      name_norm: { type: 'string' },
      category: { type: 'string' },
      tariff_code: { type: 'null' },
      origin: { type: 'string', const: 'created' },
      normalized_positions: { type: 'integer', minimum: 0, description: 'Positions now normalized to the service (method `manual`).' },
      learned_synonyms: { type: 'integer', minimum: 0, description: 'Distinct `name_norm`s written as learned synonyms.' },
    },
  },
} as const;
