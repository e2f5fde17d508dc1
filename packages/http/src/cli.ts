#!/usr/bin/env node
/**
 * @module pricecat — the command line: `pricecat serve`, `pricecat ingest <file>`, `pricecat migrate-store`, `pricecat refit`,
 * `pricecat --help`.
 * Parsing lives in `cli-args.ts`, the work in `cli-commands.ts`; this file only wires them to the process.
 */
import { isPricecatError } from '@pricecat/core';
import { parseCommandLine, USAGE, UsageError } from './cli-args.js';
import { runIngest, runServe, type CliIo } from './cli-commands.js';
import { SecurityConfigError } from './security-config.js';
import { runMigrateStore } from './cli-migrate-store.js';
import { runRefit } from './cli-refit.js';

const io: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

async function main(argv: readonly string[]): Promise<number> {
  const command = parseCommandLine(argv, process.env);
  switch (command.kind) {
    case 'help':
      io.out(USAGE);
      return 0;
    case 'serve':
      await runServe(command, io);
      return 0;
    case 'ingest':
      return runIngest(command, io);
    case 'migrate-store':
      return runMigrateStore(command, io);
    case 'refit':
      return runRefit(command, io);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      io.err(`pricecat: ${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else if (isPricecatError(error) || isSystemError(error) || error instanceof SecurityConfigError) {
      // Errors with a message meant for people: no stack.
      io.err(`pricecat: ${error.message}\n`);
      process.exitCode = 1;
    } else {
      io.err(`pricecat: непредвиденная ошибка\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);

/** Node's own errors (ENOENT, EADDRINUSE...) already say what is wrong and where. */
function isSystemError(error: unknown): error is Error & { code: string } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}
