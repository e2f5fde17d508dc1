/**
 * @module @pricecat/http — the pricecat HTTP API on Koa: `createApp`, `startServer`, the OpenAPI
 * document and the error mapping. The `pricecat` CLI is `dist/cli.js`.
 */
export { createApp, normalizePrefix, DEFAULT_MAX_FILE_SIZE, MAX_JSON_BYTES, type AppOptions } from './app.js';
export { startServer, type RunningServer, type ServerOptions } from './server.js';
export { openapiDocument, type OpenApiDocument } from './openapi.js';
export {
  STATUS_BY_CODE,
  HttpError,
  INTERNAL_MESSAGE,
  errorBody,
  statusForCode,
  toErrorResponse,
  type ErrorBody,
  type ErrorContext,
  type ErrorResponse,
  type HttpErrorCode,
} from './errors.js';
export { logToStderr, type UnexpectedErrorLogger } from './error-handler.js';
export { DEFAULT_LIMIT, MAX_LIMIT } from '@pricecat/core/contract';
export { createAccessGuard, LOOPBACK_HOSTS, TOKEN_NAME_STATE, type AccessOptions, type ApiToken } from './access.js';
export { loadSecurityConfig, parseTokensFile, SecurityConfigError, type SecurityConfig } from './security-config.js';
export { cleanUploadDir } from './upload-dir.js';
