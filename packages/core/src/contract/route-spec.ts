/**
 * The shape of one entry of the route table ({@link RouteSpec}) and the builders of its query parameters.
 * Query and path parameters are declared as zod objects whose fields are the parsed values (numbers for
 * integers); the HTTP layer turns the query text into them and answers 400 naming the parameter.
 *
 * @module
 */
import { z } from 'zod';
import { DEFAULT_LIMIT, MAX_LIMIT } from './limits.js';

/** The groups of the document. */
export const ROUTE_TAGS = {
  ingest: 'Loading price lists',
  catalogue: 'Services, clinics, prices',
  reconcile: 'The matcher as a W3C Reconciliation Service (OpenRefine)',
  system: 'Health and statistics',
  queue: 'The verification queue: match, skip, undo; unmatched positions',
} as const;

/** Error statuses a route may declare beside the common ones (401, 403, 431, 500). */
export type ErrorStatus = 400 | 404 | 409 | 413 | 415 | 422;

/** A response that is not JSON (a download). */
export interface FileResponse {
  readonly contentType: string;
  readonly description: string;
}

/** One route of the API: everything the server validates and the document says about it. */
export interface RouteSpec {
  readonly method: 'get' | 'post';
  /** The path under the API prefix, parameters as `{name}`: `/services/{id}/partners`. */
  readonly path: string;
  readonly tag: keyof typeof ROUTE_TAGS;
  readonly summary: string;
  readonly description?: string;
  /** Path parameters, one field per `{name}`. */
  readonly params?: z.ZodObject;
  /** Query parameters; absent and blank ones are `undefined` before parsing (so defaults apply). */
  readonly query?: z.ZodObject;
  /** The JSON request body. */
  readonly body?: z.ZodType;
  /** An example body quoted when a request sends none or not JSON. */
  readonly bodyExample?: string;
  /** A multipart upload: the field that carries the file. */
  readonly upload?: { readonly field: string; readonly description: string };
  /** The body may be left out (no JSON body reads as `{}`). */
  readonly optionalBody?: true;
  /** The success status. @default 200 */
  readonly status?: 200 | 201 | 202;
  /** The success body, JSON (a schema) or a file. */
  readonly response: z.ZodType | FileResponse;
  readonly responseDescription: string;
  /** Response headers of the success, documented. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Error statuses beside the common ones: `''` for the standard description, else the route's own. */
  readonly errors?: Partial<Readonly<Record<ErrorStatus, string>>>;
  /**
   * The handler reads the request itself (a protocol of its own: the reconciliation service's JSONP and
   * form bodies, a multipart upload); the schemas above still document it and type its answer.
   */
  readonly ownInput?: true;
  /** Answers without the common errors (the liveness probe). */
  readonly bare?: true;
}

/** Checks an entry against {@link RouteSpec} and keeps its literal type (for the handlers' types). */
export function route<const T extends RouteSpec>(spec: T): T {
  return spec;
}

/** An optional text query parameter. */
export const textParam = (description: string) => z.string().optional().describe(description);
/** A required text query parameter; blank counts as absent. */
export const requiredTextParam = (description: string) => z.string().describe(description);
/** An optional `true` / `false` query parameter. */
export const flagParam = (description: string) => z.boolean().default(false).describe(description);
/** An optional query parameter with a closed set of values. */
export const enumParam = <const T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z.enum(values).optional().describe(description);
/** `limit`: a page size 1 to {@link MAX_LIMIT}, default {@link DEFAULT_LIMIT}. */
export const limitParam = z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe(`Page size, 1 to ${MAX_LIMIT}`);
/** `limit` and `offset` of a paged list. */
export const pageParams = { limit: limitParam, offset: z.number().int().min(0).default(0).describe('Results to skip') };
/** The `{id}` path parameter. */
export const idParam = (description: string) => z.object({ id: z.string().min(1).describe(description) });
