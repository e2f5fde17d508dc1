/**
 * A Lit reactive controller holding one API call's state (loading, value, error), so each element renders
 * «Загрузка…», the data or a readable error and never a blank screen. A new `run` aborts the previous one:
 * a slow answer to an old query never overwrites the new one.
 *
 * @module
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { toApiError, type ApiError } from './errors.js';

/** Where a load stands. */
export type LoadState<T> =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading'; readonly previous?: T }
  | { readonly kind: 'done'; readonly value: T }
  | { readonly kind: 'error'; readonly error: ApiError };

/** Runs API calls for a host element and asks it to re-render on every state change. */
export class LoadController<T> implements ReactiveController {
  #state: LoadState<T> = { kind: 'idle' };
  #abort: AbortController | undefined;
  #last: ((signal: AbortSignal) => Promise<T>) | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** The current state. */
  get state(): LoadState<T> {
    return this.#state;
  }

  /** The loaded value, or the one shown before the current reload. */
  get value(): T | undefined {
    const state = this.#state;
    return state.kind === 'done' ? state.value : state.kind === 'loading' ? state.previous : undefined;
  }

  /** Starts `load`, aborting whatever ran before. Resolves when this run settles (never rejects). */
  async run(load: (signal: AbortSignal) => Promise<T>): Promise<void> {
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    this.#last = load;
    this.#set({ kind: 'loading', previous: this.value });
    try {
      const value = await load(abort.signal);
      if (!abort.signal.aborted) this.#set({ kind: 'done', value });
    } catch (error) {
      if (!abort.signal.aborted) this.#set({ kind: 'error', error: toApiError(error) });
    }
  }

  /** Runs the last load again (the «Повторить» button). */
  retry(): Promise<void> {
    return this.#last ? this.run(this.#last) : Promise.resolve();
  }

  /** Back to idle, aborting a running load. */
  reset(): void {
    this.#abort?.abort();
    this.#set({ kind: 'idle' });
  }

  hostDisconnected(): void {
    this.#abort?.abort();
  }

  #set(state: LoadState<T>): void {
    this.#state = state;
    this.host.requestUpdate();
  }
}
