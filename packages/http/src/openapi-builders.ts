/**
 * Small builders shared by the OpenAPI document's files (openapi.ts, openapi-schemas.ts, openapi-queue.ts,
 * openapi-proposals.ts), so every part writes references, bodies and parameters the same way.
 *
 * @module
 */

/** A reference to a schema of `components.schemas`. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` }) as const;
/** A JSON media type with that schema. */
export const json = (schema: unknown) => ({ 'application/json': { schema } });
/** A JSON response with a description. */
export const ok = (description: string, schema: unknown) => ({ description, content: json(schema) });
/** A reference to a response of `components.responses`. */
export const error = (name: string) => ({ $ref: `#/components/responses/${name}` });
/** A reference to a parameter of `components.parameters`. */
export const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
/** A type that may also be `null`. */
export const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
/** An optional query parameter. */
export const query = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});
/** An error response with its own description (the body is the common `Error`). */
export const errorWith = (description: string) => ({ description, content: json(ref('Error')) });
/**
 * What every operation can answer: 401 when tokens are configured (writes; reads too with
 * `PRICECAT_AUTH=all`), 403 for a foreign `Host` or `Origin`, 431 for a head over 16 KiB, 500.
 */
export const common = {
  '401': error('Unauthorized'),
  '403': error('Forbidden'),
  '431': error('HeadersTooLarge'),
  '500': error('Internal'),
};
