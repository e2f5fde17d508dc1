/**
 * Where the CLI writes, so commands and the refit schedule print through one interface.
 *
 * @module
 */

/** Where the CLI writes; the tests pass their own. */
export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}
