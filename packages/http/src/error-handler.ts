/**
 * The error middleware, first in the chain: every failure under the API prefix leaves as
 * `{"error":{"code","message","message_code","params"}}` with a proper status, never a stack trace (DESIGN.md §5).
 *
 * @module
 */
import type { Context, Middleware } from 'koa';
import { detail } from '@pricecat/core';
import { errorBody, INTERNAL_DETAIL, toErrorResponse, type ErrorContext } from './errors.js';

/** Receives errors the mapping does not know (bugs, I/O failures); they become a 500. */
export type UnexpectedErrorLogger = (error: unknown, request: { readonly method: string; readonly path: string }) => void;

/** Writes unknown errors once to stderr, with the request that caused them. */
export const logToStderr: UnexpectedErrorLogger = (error, request) => {
  console.error(`[pricecat] ${request.method} ${request.path} failed with an unexpected error:`, error);
};

/** Options of {@link createErrorHandler}. */
export interface ErrorHandlerOptions extends ErrorContext {
  /** Normalized API prefix; empty 404/405/501 answers under it get a JSON body. */
  readonly prefix: string;
  readonly logUnexpected: UnexpectedErrorLogger;
}

/** Catches, maps and writes errors; fills in JSON bodies for the router's bodiless 404, 405 and 501. */
export function createErrorHandler(options: ErrorHandlerOptions): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const mapped = toErrorResponse(error, options);
      if (mapped) {
        write(ctx, mapped.status, mapped.body);
      } else {
        options.logUnexpected(error, { method: ctx.method, path: ctx.path });
        write(ctx, 500, errorBody('INTERNAL', INTERNAL_DETAIL));
      }
      return;
    }
    if (ctx.body == null && isUnderPrefix(ctx.path, options.prefix)) fillBodilessStatus(ctx, options.prefix);
  };
}

// ---- internal helpers ----

function write(ctx: Context, status: number, body: ReturnType<typeof errorBody>): void {
  ctx.status = status;
  ctx.body = body;
}

function fillBodilessStatus(ctx: Context, prefix: string): void {
  const route = `${ctx.method} ${ctx.path}`;
  if (ctx.status === 405) {
    const allowed = ctx.response.get('Allow');
    write(ctx, 405, errorBody('METHOD_NOT_ALLOWED', detail('METHOD_NOT_ALLOWED', { route, allowed: allowed || 'другие методы' })));
  } else if (ctx.status === 501) {
    write(ctx, 501, errorBody('NOT_IMPLEMENTED', detail('METHOD_NOT_IMPLEMENTED', { method: ctx.method })));
  } else if (ctx.status === 404) {
    write(ctx, 404, errorBody('NOT_FOUND', detail('NO_ENDPOINT', { route, docs: `${prefix}/docs/` })));
  }
}

function isUnderPrefix(path: string, prefix: string): boolean {
  return prefix === '' || path === prefix || path.startsWith(`${prefix}/`);
}
