/**
 * Reading a request's input by its route table entry: query and path parameters (text turned into the
 * schema's numbers), and the JSON body. Every problem becomes `PricecatError('INVALID_INPUT')` (400) whose
 * message, from the message catalogue (Russian, with its code and parameters), names the parameter or field,
 * what it accepts and what was sent.
 *
 * @module
 */
import type { Context } from 'koa';
import { z } from 'zod';
import { detail, PricecatError, type ErrorDetail } from '@pricecat/core';
import type { RouteSpec } from '@pricecat/core/contract';

/** The one way the HTTP layer says «this input is wrong»: 400 `INVALID_INPUT` with the message (of the catalogue). */
export function invalid(message: string | ErrorDetail): PricecatError {
  return new PricecatError('INVALID_INPUT', message);
}

/** A parsed query string, as Koa gives it (`ctx.query`). */
export type Query = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The route's query parameters, parsed; `{}` when it declares none. */
export function readQuery(spec: RouteSpec, query: Query): unknown {
  return spec.query ? readParameters(spec.query, query, 'query') : {};
}

/** The route's path parameters, parsed; `{}` when it declares none. */
export function readParams(spec: RouteSpec, params: Readonly<Record<string, string | undefined>>): unknown {
  return spec.params ? readParameters(spec.params, params, 'path') : {};
}

/** The route's JSON body, parsed; `undefined` when it declares none. */
export function readBody(spec: RouteSpec, ctx: Context): unknown {
  if (!spec.body) return undefined;
  const example = spec.bodyExample ?? '{}';
  // A route whose body may be left out reads a request without a JSON body as `{}`.
  const body: unknown = spec.optionalBody && !ctx.is('application/json') ? {} : (ctx.request as { body?: unknown }).body;
  if ((!ctx.is('application/json') && !spec.optionalBody) || typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid(detail('BODY_NOT_JSON_OBJECT', { example }));
  }
  const parsed = spec.body.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const fields = issue.keys.map((key) => `\`${key}\``).join(', ');
    const known = Object.keys((spec.body as z.ZodObject).shape ?? {}).join(', ');
    throw invalid(detail('BODY_FIELD_UNKNOWN', { fields, known }));
  }
  const field = issue.path.join('.');
  const value = valueAt(body, issue.path);
  if (issue.code === 'invalid_type' && value === undefined) throw invalid(detail('BODY_FIELD_REQUIRED', { field, example }));
  const expected = expectation(issue);
  const got = JSON.stringify(value) ?? 'ничего';
  throw invalid(detail('BODY_FIELD_INVALID', { field, expected, got, example }));
}

// ---- internal helpers ----

/**
 * Parameters as text: a repeated one is refused, a blank one is absent, and those the schema wants as
 * numbers must be plain decimals (`Number('1e2')` and `Number('0x10')` are numbers too).
 */
function readParameters(schema: z.ZodObject, raw: Query, place: 'query' | 'path'): unknown {
  const values: Record<string, unknown> = {};
  const texts: Record<string, string> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const given = raw[name];
    if (given === undefined) continue;
    if (typeof given !== 'string') throw invalid(detail('QUERY_PARAM_REPEATED', { name, count: given.length }));
    const text = given.trim();
    if (text === '') continue;
    texts[name] = text;
    const type = jsonSchemaOf(field).type;
    if (type === 'integer') values[name] = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
    else if (type === 'number') values[name] = /^(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
    else if (type === 'boolean') values[name] = FLAGS[text.toLowerCase()] ?? text;
    else values[name] = text;
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const name = String(parsed.error.issues[0]!.path[0]);
  if (place === 'path') throw invalid(detail('PATH_SEGMENT_MISSING', { name }));
  const field = (schema.shape as Record<string, z.ZodType>)[name]!;
  const got = texts[name];
  // The field's description is the OpenAPI document's English: a person reading the Russian message is sent there.
  if (got === undefined) throw invalid(detail('QUERY_PARAM_REQUIRED', { name, purpose: 'см. описание API' }));
  const accepts = jsonSchemaOf(field);
  if (Array.isArray(accepts['enum'])) throw invalid(detail('QUERY_PARAM_NOT_ALLOWED', { name, allowed: accepts['enum'].join(', '), got }));
  if (accepts['type'] === 'boolean') throw invalid(detail('QUERY_PARAM_NOT_ALLOWED', { name, allowed: 'true, false', got }));
  if (accepts['type'] === 'integer') throw invalid(detail('QUERY_PARAM_NOT_INTEGER', { name, bounds: bounds(accepts), got }));
  throw invalid(detail('QUERY_PARAM_NOT_NUMBER', { name, bounds: bounds(accepts), got }));
}

/** The texts a `true` / `false` parameter accepts. */
const FLAGS: Readonly<Record<string, boolean>> = { true: true, false: false, '1': true, '0': false };

const jsonSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();

/** The JSON Schema of a parameter (cached: the table is built once). */
function jsonSchemaOf(field: z.ZodType): Record<string, unknown> {
  let schema = jsonSchemas.get(field);
  if (!schema) {
    schema = z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    jsonSchemas.set(field, schema);
  }
  return schema;
}

/** A number's bounds in words: «от 1 до 500», «не меньше 0», «больше 0 и не больше 10». */
function bounds(schema: Record<string, unknown>): string {
  const low = schema['minimum'];
  const above = schema['exclusiveMinimum'];
  // zod gives every integer the safe-integer bounds; those are no limit worth naming.
  const high = schema['maximum'] === Number.MAX_SAFE_INTEGER ? undefined : schema['maximum'];
  if (above !== undefined) return high === undefined ? `больше ${String(above)}` : `больше ${String(above)} и не больше ${String(high)}`;
  if (low !== undefined && high !== undefined) return `от ${String(low)} до ${String(high)}`;
  if (low !== undefined) return `не меньше ${String(low)}`;
  return high === undefined ? '' : `не больше ${String(high)}`;
}

/** What a body field should have been, from the zod issue, in words. */
function expectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `должно быть ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') return issue.minimum === 1 ? 'должно быть непустым текстом' : `должно быть не короче ${String(issue.minimum)} символов`;
      if (issue.origin === 'array') return `должно содержать не меньше ${String(issue.minimum)} элементов`;
      return `должно быть не меньше ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `должно быть не длиннее ${String(issue.maximum)} символов`;
      if (issue.origin === 'array') return `должно содержать не больше ${String(issue.maximum)} элементов`;
      return `должно быть не больше ${String(issue.maximum)}`;
    case 'invalid_value':
      return `должно быть одним из значений: ${issue.values.map(String).join(', ')}`;
    default:
      return `неверно (${issue.message})`;
  }
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  int: 'целым числом',
  number: 'числом',
  string: 'текстом',
  boolean: 'true или false',
  array: 'списком',
  object: 'объектом',
};

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined), value);
}
