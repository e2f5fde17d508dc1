/**
 * Checking an answer against the contract: {@link exactShape} turns a schema into one that rejects any
 * field the contract does not name (and, for the partial answers of a test fake, accepts missing ones);
 * {@link findRoute} finds the route table's entry of a request.
 *
 * @module
 */
import { z } from 'zod';
import { routes, type RouteName } from './routes.js';

/**
 * The schema with every object strict: a field the contract does not have fails, so a renamed field fails
 * twice (the new name unknown, the old one missing). With `partial`, missing fields pass (a fake that
 * answers only what an element reads), but every field given must exist with its type.
 */
export function exactShape(schema: z.ZodType, options: { readonly partial?: boolean } = {}): z.ZodType {
  const walk = (type: z.ZodType): z.ZodType => {
    if (type instanceof z.ZodObject) {
      const shape = Object.fromEntries(
        Object.entries(type.shape as Record<string, z.ZodType>).map(([key, field]) => [key, options.partial ? walk(field).optional() : walk(field)]),
      );
      return z.strictObject(shape);
    }
    if (type instanceof z.ZodArray) return z.array(walk(type.element as z.ZodType));
    if (type instanceof z.ZodOptional) return walk(type.unwrap() as z.ZodType).optional();
    if (type instanceof z.ZodNullable) return walk(type.unwrap() as z.ZodType).nullable();
    if (type instanceof z.ZodDefault) return walk(type.unwrap() as z.ZodType);
    if (type instanceof z.ZodUnion) return z.union((type.options as z.ZodType[]).map(walk));
    if (type instanceof z.ZodRecord) return z.record(type.keyType as z.ZodString, walk(type.valueType as z.ZodType));
    if (type instanceof z.ZodLazy) return z.lazy(() => walk(type.unwrap() as z.ZodType));
    return type;
  };
  return walk(schema);
}

/** The route of `method` and `path` (under the API prefix, e.g. `/services/s1/partners`), or undefined. */
export function findRoute(method: string, path: string): RouteName | undefined {
  const verb = method.toLowerCase();
  return (Object.keys(routes) as RouteName[]).find((name) => {
    const spec = routes[name];
    if (spec.method !== verb) return false;
    const pattern = spec.path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(path);
  });
}

/** A readable summary of a failed parse: `items.0.service.title: Unrecognized key` per issue. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}
