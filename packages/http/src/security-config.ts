/**
 * The security settings of `pricecat serve`, read from the environment at start-up: API tokens, what
 * they protect, allowed hosts and origins, the roots a watched folder may lie in, and the refusal to
 * expose an unprotected server on the network. README, «Security settings», documents each variable.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { delimiter, join, resolve } from 'node:path';
import { detail, renderErrorDetail, type ErrorDetail } from '@pricecat/core';
import { LOOPBACK_HOSTS, type AccessOptions, type ApiToken } from './access.js';

/** Thrown for a setting that cannot be used; the CLI prints the message and exits 1. */
export class SecurityConfigError extends Error {
  constructor(message: string | ErrorDetail) {
    super(typeof message === 'string' ? message : renderErrorDetail(message));
    this.name = 'SecurityConfigError';
  }
}

/** Shortest token accepted: a guessable token protects nothing. */
export const MIN_TOKEN_LENGTH = 16;

/** The name decisions are attributed to when the one token of `PRICECAT_TOKEN` is used. */
export const SINGLE_TOKEN_NAME = 'token';

export interface SecurityConfig {
  readonly access: AccessOptions;
  /** Real folders a watched folder may lie in. */
  readonly watchRoots: readonly string[];
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads the security settings for a server bound to `host` with data in `dataDir`.
 * @throws SecurityConfigError for a malformed tokens file, a short token, an unknown `PRICECAT_AUTH`,
 *   or a non-loopback `host` without any token unless `PRICECAT_ALLOW_INSECURE=1`.
 */
export async function loadSecurityConfig(env: Env, options: { readonly host: string; readonly dataDir: string }): Promise<SecurityConfig> {
  const tokens = await loadTokens(env);
  const protect = parseProtect(env.PRICECAT_AUTH);
  if (tokens.length === 0 && !isLoopback(options.host) && env.PRICECAT_ALLOW_INSECURE !== '1') {
    throw new SecurityConfigError(
      detail('INSECURE_LISTEN', { host: options.host }),
    );
  }
  const boundHost = isWildcard(options.host) ? [] : [options.host];
  return {
    access: {
      tokens,
      protect,
      allowedHosts: [...LOOPBACK_HOSTS, ...boundHost, ...list(env.PRICECAT_ALLOWED_HOSTS, ',')],
      allowedOrigins: list(env.PRICECAT_ALLOWED_ORIGINS, ','),
    },
    watchRoots: watchRoots(env, options.dataDir),
  };
}

/** `PRICECAT_WATCH_ROOTS` (a path list, `:`-separated on Linux), or `<dataDir>/inbox`. */
export function watchRoots(env: Env, dataDir: string): string[] {
  const roots = list(env.PRICECAT_WATCH_ROOTS, delimiter).map((root) => resolve(root));
  return roots.length > 0 ? roots : [join(resolve(dataDir), 'inbox')];
}

/** True for addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/** Parses a tokens file: one `name token` per line; blank lines and `#` comments ignored. */
export function parseTokensFile(text: string, file: string): ApiToken[] {
  const tokens: ApiToken[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const parts = line.split(/\s+/);
    if (parts.length !== 2) {
      throw new SecurityConfigError(detail('TOKENS_FILE_LINE', { file, line: index + 1 }));
    }
    tokens.push(checked({ name: parts[0]!, token: parts[1]! }, `${file}, строка ${index + 1}`));
  });
  const names = new Set<string>();
  for (const { name } of tokens) {
    if (names.has(name)) throw new SecurityConfigError(detail('TOKENS_FILE_DUPLICATE', { file, name }));
    names.add(name);
  }
  return tokens;
}

// ---- internal helpers ----

async function loadTokens(env: Env): Promise<ApiToken[]> {
  const tokens: ApiToken[] = [];
  const single = env.PRICECAT_TOKEN?.trim();
  if (single) tokens.push(checked({ name: SINGLE_TOKEN_NAME, token: single }, 'PRICECAT_TOKEN'));
  const file = env.PRICECAT_TOKENS_FILE?.trim();
  if (file) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new SecurityConfigError(detail('TOKENS_FILE_UNREADABLE', { file, why: (error as { code?: string }).code ?? String(error) }));
    }
    for (const token of parseTokensFile(text, file)) tokens.push(token);
  }
  return tokens;
}

function checked(entry: ApiToken, where: string): ApiToken {
  if (entry.token.length < MIN_TOKEN_LENGTH) {
    throw new SecurityConfigError(detail('TOKEN_TOO_SHORT', { where, min: MIN_TOKEN_LENGTH }));
  }
  return entry;
}

function parseProtect(value: string | undefined): 'writes' | 'all' {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === 'writes') return 'writes';
  if (trimmed === 'all') return 'all';
  throw new SecurityConfigError(detail('AUTH_MODE_INVALID', { got: String(value) }));
}

function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

function list(value: string | undefined, separator: string): string[] {
  return (value ?? '').split(separator).map((item) => item.trim()).filter((item) => item !== '');
}
