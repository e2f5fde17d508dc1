/**
 * The OpenAPI 3.1 document of the pricecat HTTP API, generated from the route table and the schemas of
 * `@pricecat/core/contract` (zod's `z.toJSONSchema`), served at `GET {prefix}/openapi.json`. Nothing here
 * describes a route or a shape by hand: the table and the schemas are the only source.
 *
 * `servers` holds the RELATIVE url `.`: OpenAPI resolves it against the document's own URL, so
 * `/api/openapi.json` gives `/api`, and the same document fetched through a proxy as
 * `/pricecat/api/openapi.json` gives `/pricecat/api`. Paths are therefore written without the prefix.
 *
 * @module
 */
import { z } from 'zod';
import {
  DEFAULT_LIMIT, MAX_LIMIT, ROUTE_TAGS, namedShapes, routes, type ErrorStatus, type RouteSpec,
} from '@pricecat/core/contract';

/** The shape of {@link openapiDocument}, loose on purpose: the JSON is the contract, not this type. */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly [key: string]: unknown };
  readonly servers: readonly { readonly url: string; readonly description?: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly components: Readonly<Record<string, unknown>>;
  readonly [key: string]: unknown;
}

/** The standard error responses, by status; a route may give its own description instead. */
const ERROR_RESPONSES: Readonly<Record<ErrorStatus | 401 | 403 | 431 | 500, readonly [string, string]>> = {
  400: ['BadRequest', 'Invalid input: a query parameter, a missing upload field, a malformed body (`INVALID_INPUT`)'],
  404: ['NotFound', 'No such id (`NOT_FOUND`)'],
  409: ['Conflict', 'The request conflicts with the current state (`CONFLICT`), e.g. a scan is already running'],
  413: ['TooLarge', 'The upload is over the size limit (`UPLOAD_TOO_LARGE`), an archive over its limits (`ARCHIVE_LIMIT`), or the one file uploaded over the rows or positions limits (`LIMIT_EXCEEDED`, with the `report`)'],
  415: ['UnsupportedFormat', 'The one file uploaded is neither a ZIP nor a supported price-list format (`UNSUPPORTED_FORMAT`, with the `report`)'],
  422: ['Unprocessable', 'The one file uploaded is damaged or holds no priced row (`EXTRACT_FAILED`, `NO_PRICE_TABLE`, with the `report`)'],
  401: ['Unauthorized', 'An API token is configured and the request has none or a wrong one (`UNAUTHORIZED`); send `Authorization: Bearer <token>`. Writes need it; reads too with `PRICECAT_AUTH=all`'],
  403: ['Forbidden', "The `Host` is not an allowed host name, or the `Origin` is neither the server's own nor allowed (`FORBIDDEN`)"],
  431: ['HeadersTooLarge', 'The request line and headers are over 16 KiB, e.g. a long query (`HEADERS_TOO_LARGE`)'],
  500: ['Internal', 'Unexpected server error (`INTERNAL`, details in the server log), or the data store failed (`STORAGE_FAILED`); an ingest adds its `report` of what was committed'],
};
/** What every operation can answer besides its own errors. */
const COMMON_ERRORS = [401, 403, 431, 500] as const;

/** The OpenAPI 3.1 document (a plain object; serialise with `JSON.stringify`). */
export const openapiDocument: OpenApiDocument = buildOpenApiDocument();

/** Builds the document from the route table. */
export function buildOpenApiDocument(): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, spec] of Object.entries(routes) as [string, RouteSpec][]) {
    (paths[spec.path] ??= {})[spec.method] = operation(name, spec);
  }
  const registered = z.toJSONSchema(z.globalRegistry, { uri: componentUri, unrepresentable: 'any' }).schemas;
  return {
    openapi: '3.1.0',
    info: {
      title: 'pricecat API',
      version: '0.1.0',
      summary: 'Clinic price lists turned into one normalized, comparable catalogue.',
      description:
        'JSON API of pricecat. Field names are snake_case. Every error is `{"error":{"code","message"}}` with a ' +
        'proper 4xx/5xx status. Lists with `limit`/`offset` return `{items,total,limit,offset}` ' +
        `(default limit ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}). Generated from the route table of \`@pricecat/core/contract\`.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '.', description: 'This API, relative to the location of this document' }],
    // Optional: a server without tokens accepts requests without one (`{}`).
    security: [{}, { bearerAuth: [] }],
    tags: Object.entries(ROUTE_TAGS).map(([tag, description]) => ({ name: tag, description })),
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(registered)
          .filter(([id]) => namedShapes.has(id))
          .map(([id, schema]) => [id, tidy(schema)]),
      ),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The API token (`PRICECAT_TOKEN` or a line of `PRICECAT_TOKENS_FILE`); needed only when configured' },
      },
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(([id, description]) => [
          id,
          { description, content: json({ $ref: componentUri('Error') }), ...(id === 'Unauthorized' && { headers: { 'WWW-Authenticate': { schema: { type: 'string' }, description: '`Bearer realm="pricecat"`' } } }) },
        ]),
      ),
    },
  };
}

// ---- internal helpers ----

function operation(name: string, spec: RouteSpec): Record<string, unknown> {
  const parameters = [...parametersOf(spec.params, 'path'), ...parametersOf(spec.query, 'query')];
  const errors: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(spec.errors ?? {})) {
    const [id] = ERROR_RESPONSES[Number(status) as ErrorStatus];
    errors[status] = description === '' ? { $ref: `#/components/responses/${id}` } : { description, content: json({ $ref: componentUri('Error') }) };
  }
  if (!spec.bare) for (const status of COMMON_ERRORS) errors[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status][0]}` };
  return {
    tags: [spec.tag],
    operationId: name,
    summary: spec.summary,
    ...(spec.description !== undefined && { description: spec.description }),
    ...(parameters.length > 0 && { parameters }),
    ...requestBodyOf(spec),
    responses: { [String(spec.status ?? 200)]: successOf(spec), ...errors },
  };
}

function parametersOf(schema: z.ZodObject | undefined, place: 'path' | 'query'): Record<string, unknown>[] {
  if (!schema) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const { description, ...json } = schemaOf(field, 'input');
    return {
      name,
      in: place,
      required: place === 'path' || !field.safeParse(undefined).success,
      ...(description !== undefined && { description }),
      schema: json,
    };
  });
}

function requestBodyOf(spec: RouteSpec): Record<string, unknown> {
  if (spec.upload) {
    const file = { type: 'string', contentMediaType: 'application/octet-stream', description: spec.upload.description };
    const schema = { type: 'object', required: [spec.upload.field], properties: { [spec.upload.field]: file } };
    return { requestBody: { required: true, content: { 'multipart/form-data': { schema } } } };
  }
  if (!spec.body) return {};
  return { requestBody: { required: !spec.optionalBody, content: json(schemaOf(spec.body, 'input')) } };
}

function successOf(spec: RouteSpec): Record<string, unknown> {
  const headers = spec.headers && {
    headers: Object.fromEntries(Object.entries(spec.headers).map(([header, description]) => [header, { description, schema: { type: 'string' } }])),
  };
  if (!(spec.response instanceof z.ZodType)) {
    const { contentType, description } = spec.response;
    return { description, content: { [contentType]: { schema: { type: 'string', contentMediaType: contentType } } }, ...headers };
  }
  return { description: spec.responseDescription, content: json(schemaOf(spec.response, 'output')), ...headers };
}

/** A schema inline, its registered parts as references to `components.schemas`. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const registeredId = z.globalRegistry.get(schema)?.id;
  if (registeredId !== undefined && namedShapes.has(registeredId)) return { $ref: componentUri(registeredId) };
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  const { $defs: _defs, ...rest } = generated;
  return tidy(JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/')) as Record<string, unknown>);
}

/** Without the keys OpenAPI does not need inside a document, nor the bounds every integer has. */
function tidy(schema: Record<string, unknown>): Record<string, unknown> {
  const text = JSON.stringify(schema, (key, value: unknown) => {
    if (key === '$schema' || key === '$id') return undefined;
    if ((key === 'maximum' && value === Number.MAX_SAFE_INTEGER) || (key === 'minimum' && value === Number.MIN_SAFE_INTEGER)) return undefined;
    return value;
  });
  return JSON.parse(text) as Record<string, unknown>;
}

function componentUri(id: string): string {
  return `#/components/schemas/${id}`;
}

function json(schema: unknown): Record<string, unknown> {
  return { 'application/json': { schema } };
}
