/**
 * @module @pricecat/http — the pricecat HTTP API on Koa, for a program that serves a `Catalogue` of
 * `@pricecat/core`: `startServer` (a listening server), `createApp` (the Koa app, to mount in your own server),
 * the OpenAPI document, and the security settings `pricecat serve` reads from the environment. The `pricecat`
 * CLI is `bin/pricecat.js`. This is the whole public surface, listed in the package README.
 */
export { createApp, DEFAULT_MAX_FILE_SIZE, MAX_JSON_BYTES, type AppOptions } from './app.js';
export { startServer, type RunningServer, type ServerOptions } from './server.js';
export { openapiDocument, type OpenApiDocument } from './openapi.js';
export type { UnexpectedErrorLogger } from './error-handler.js';
export type { AccessOptions, ApiToken } from './access.js';
export { loadSecurityConfig, SecurityConfigError, type SecurityConfig } from './security-config.js';
