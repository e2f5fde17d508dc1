/**
 * Mounts the route table of `@pricecat/core/contract` on a Koa router: each route reads and validates its
 * input by its entry (route-input.ts), calls its handler, and answers the entry's status. The handlers'
 * types come from the table, so a handler whose answer no longer fits the schema, or a route without a
 * handler, fails the build.
 *
 * @module
 */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import { routes, type RouteName, type Routes, type RouteSpec, type Wire } from '@pricecat/core/contract';
import { readBody, readParams, readQuery } from '../route-input.js';
import type { RouteDeps } from './route-deps.js';

/** The routes mounted from the table; the others (`ownInput`) are mounted by their own routers. */
export type TableRouteName = { [K in RouteName]: Routes[K] extends { readonly ownInput: true } ? never : K }[RouteName];

/** What a handler receives: the parsed input of its route, and the request for headers and state. */
export interface RouteInput<R> {
  readonly query: R extends { readonly query: z.ZodObject } ? z.output<R['query']> : Record<string, never>;
  readonly params: R extends { readonly params: z.ZodObject } ? z.output<R['params']> : Record<string, never>;
  readonly body: R extends { readonly body: z.ZodType } ? z.output<R['body']> : undefined;
  readonly ctx: Context;
}

/** A handler answers its route's schema (or sets a file body itself and answers nothing). */
export type Handler<R> = (
  input: RouteInput<R>,
  deps: RouteDeps,
) => R extends { readonly response: z.ZodType } ? Promise<Wire<R['response']>> : Promise<void>;

/** One handler per route of the table. */
export type Handlers = { readonly [K in TableRouteName]: Handler<Routes[K]> };

/** A router with every table route that has a handler in `handlers`. */
export function createApiRouter(deps: RouteDeps, handlers: Handlers): Router {
  const router = new Router({ prefix: deps.prefix });
  for (const name of Object.keys(handlers) as TableRouteName[]) {
    const spec: RouteSpec = routes[name];
    const handler = handlers[name] as (input: RouteInput<unknown>, deps: RouteDeps) => Promise<unknown>;
    router[spec.method](koaPath(spec.path), async (ctx) => {
      const input = {
        query: readQuery(spec, ctx.query),
        params: readParams(spec, ctx.params),
        body: readBody(spec, ctx),
        ctx,
      } as RouteInput<unknown>;
      const answer = await handler(input, deps);
      if (answer === undefined) return;
      ctx.status = spec.status ?? 200;
      ctx.body = answer;
    });
  }
  return router;
}

/** `/services/{id}` → `/services/:id`. */
export function koaPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}
