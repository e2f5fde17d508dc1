import { execFile, type ExecFileException } from 'node:child_process';
import { ExtractError } from '../errors.js';
import { detail } from '../messages/message-catalogue.js';

/** What a finished external tool printed. */
export interface ToolOutput {
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of {@link runTool}. */
export interface RunToolOptions {
  /** Kill the tool (SIGKILL) and reject after this many milliseconds. */
  readonly timeoutMs: number;
  /** Extra environment variables, added to the current environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Largest stdout accepted (bytes); a page of TSV is well under 1 MB. */
  readonly maxBuffer?: number;
}

/** Thrown (as the `cause` of an {@link ExtractError}) when a tool is not installed. */
export class ToolMissingError extends Error {
  constructor(readonly binary: string) {
    super(`${binary} is not installed or not on PATH`);
    this.name = 'ToolMissingError';
  }
}

/**
 * Runs `binary` with `args` — never through a shell, so file names with spaces or quotes need no
 * escaping and cannot inject commands. Resolves with its output when it exits with status 0.
 * Rejects with an {@link ExtractError} when it is missing (cause: {@link ToolMissingError}),
 * runs past `timeoutMs` (it is killed first) or fails.
 */
export function runTool(binary: string, args: readonly string[], options: RunToolOptions): Promise<ToolOutput> {
  const timeoutMs = Math.max(1, Math.floor(options.timeoutMs));
  return new Promise((resolvePromise, reject) => {
    execFile(
      binary,
      [...args],
      {
        encoding: 'utf8',
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: options.maxBuffer ?? 32 * 1024 * 1024,
        env: options.env ? { ...process.env, ...options.env } : process.env,
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (!error) {
          resolvePromise({ stdout, stderr });
          return;
        }
        reject(toExtractError(binary, args, timeoutMs, error, stderr));
      },
    );
  });
}

/** True when `error` says the tool itself is absent (rather than failing). */
export function isToolMissing(error: unknown): boolean {
  return error instanceof ExtractError && error.cause instanceof ToolMissingError;
}

// ---- internal helpers ----

function toExtractError(
  binary: string,
  args: readonly string[],
  timeoutMs: number,
  error: ExecFileException,
  stderr: string,
): ExtractError {
  if (error.code === 'ENOENT') {
    return new ExtractError(detail('OCR_TOOL_MISSING', { tool: binary }), {
      cause: new ToolMissingError(binary),
    });
  }
  const command = `${binary} ${args.join(' ')}`;
  if (error.killed || error.signal === 'SIGKILL') {
    return new ExtractError(
      detail('OCR_TOOL_TIMEOUT', { command, time: formatSeconds(timeoutMs) }),
      { cause: error },
    );
  }
  const why = stderr.trim().split('\n').slice(-3).join(' ').slice(0, 400);
  return new ExtractError(detail('OCR_TOOL_FAILED', { command, why: why || error.message }), { cause: error });
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} мс` : `${(ms / 1000).toFixed(1)} с`;
}
