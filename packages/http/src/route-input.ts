/**
 * Reading a request's input by its route table entry: query and path parameters (text turned into the
 * schema's numbers), and the JSON body. Every problem becomes `PricecatError('INVALID_INPUT')` (400) whose
 * message names the parameter or field, what it accepts and what was sent.
 *
 * @module
 */
import type { Context } from 'koa';
import { z } from 'zod';
import { PricecatError } from '@pricecat/core';
import type { RouteSpec } from '@pricecat/core/contract';

/** The one way the HTTP layer says «this input is wrong»: 400 `INVALID_INPUT` with `message`. */
export function invalid(message: string): PricecatError {
  return new PricecatError('INVALID_INPUT', message);
}

/** A parsed query string, as Koa gives it (`ctx.query`). */
export type Query = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The route's query parameters, parsed; `{}` when it declares none. */
export function readQuery(spec: RouteSpec, query: Query): unknown {
  return spec.query ? readParameters(spec.query, query, 'Query parameter') : {};
}

/** The route's path parameters, parsed; `{}` when it declares none. */
export function readParams(spec: RouteSpec, params: Readonly<Record<string, string | undefined>>): unknown {
  return spec.params ? readParameters(spec.params, params, 'Path segment') : {};
}

/** The route's JSON body, parsed; `undefined` when it declares none. */
export function readBody(spec: RouteSpec, ctx: Context): unknown {
  if (!spec.body) return undefined;
  // A route whose body may be left out reads a request without a JSON body as `{}`.
  const body: unknown = spec.optionalBody && !ctx.is('application/json') ? {} : (ctx.request as { body?: unknown }).body;
  if ((!ctx.is('application/json') && !spec.optionalBody) || typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid(`Send a JSON object with Content-Type: application/json, e.g. ${spec.bodyExample ?? '{}'}.`);
  }
  const parsed = spec.body.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const example = spec.bodyExample ? ` Example: ${spec.bodyExample}.` : '';
  if (issue.code === 'unrecognized_keys') {
    const fields = Object.keys((spec.body as z.ZodObject).shape ?? {});
    throw invalid(`Unknown field ${issue.keys.map((key) => `\`${key}\``).join(', ')}; the fields are ${fields.join(', ')}.`);
  }
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type' && valueAt(body, issue.path) === undefined) throw invalid(`Field \`${field}\` is required.${example}`);
  const got = JSON.stringify(valueAt(body, issue.path)) ?? 'nothing';
  throw invalid(`Field \`${field}\` ${expectation(issue)}; got ${got}.${example}`);
}

// ---- internal helpers ----

/**
 * Parameters as text: a repeated one is refused, a blank one is absent, and those the schema wants as
 * numbers must be plain decimals (`Number('1e2')` and `Number('0x10')` are numbers too).
 */
function readParameters(schema: z.ZodObject, raw: Query, kind: string): unknown {
  const values: Record<string, unknown> = {};
  const texts: Record<string, string> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const given = raw[name];
    if (given === undefined) continue;
    if (typeof given !== 'string') throw invalid(`${kind} \`${name}\` was given ${given.length} times; give it once.`);
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
  const field = (schema.shape as Record<string, z.ZodType>)[name]!;
  if (texts[name] === undefined) throw invalid(`${kind} \`${name}\` is required: ${field.description ?? 'see the API document'}.`);
  throw invalid(`${kind} \`${name}\` must be ${accepted(jsonSchemaOf(field))}; got "${texts[name]}".`);
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

/** What a parameter accepts, in words: «an integer between 1 and 500», «one of resident, nonresident». */
function accepted(schema: Record<string, unknown>): string {
  if (Array.isArray(schema['enum'])) return `one of ${schema['enum'].join(', ')}`;
  if (schema['type'] === 'boolean') return 'true or false';
  const noun = schema['type'] === 'integer' ? 'an integer' : schema['type'] === 'number' ? 'a number' : 'a text';
  const low = schema['minimum'] ?? schema['exclusiveMinimum'];
  // zod gives every integer the safe-integer bounds; those are no limit worth naming.
  const high = schema['maximum'] === Number.MAX_SAFE_INTEGER ? undefined : schema['maximum'];
  const above = schema['exclusiveMinimum'] === undefined ? `${String(low)} or more` : `above ${String(low)}`;
  if (low !== undefined && high !== undefined) {
    return schema['exclusiveMinimum'] === undefined ? `${noun} between ${String(low)} and ${String(high)}` : `${noun} above ${String(low)} and at most ${String(high)}`;
  }
  if (low !== undefined) return `${noun} ${above}`;
  return noun;
}

/** What a body field should have been, from the zod issue. */
function expectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? 'must be an integer' : `must be ${article(issue.expected)}`;
    case 'too_small':
      if (issue.origin === 'string') return issue.minimum === 1 ? 'must be a non-empty string' : `must have at least ${String(issue.minimum)} characters`;
      if (issue.origin === 'array') return `must have at least ${String(issue.minimum)} items`;
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `must have at most ${String(issue.maximum)} characters`;
      if (issue.origin === 'array') return `must have at most ${String(issue.maximum)} items`;
      return `must be at most ${String(issue.maximum)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return `is not valid (${issue.message})`;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined), value);
}
