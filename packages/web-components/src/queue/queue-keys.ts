/**
 * The keyboard shortcuts of the verification queue as a pure mapping from a key event to an action, so
 * the element stays small and the mapping is tested on its own.
 *
 * @module
 */

/** What a key does in the queue. */
export type QueueKeyAction = 'confirm' | 'choose' | 'skip' | 'next' | 'previous' | 'undo';

/** The parts of a `KeyboardEvent` the mapping reads. */
export interface KeyLike {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

/**
 * The action of a key press, or `undefined`. `onControl` is true when the key was pressed on a button or
 * link: Enter and Space then keep their native meaning (press that button) and are not shortcuts.
 * «В» is matched by its physical key (`KeyD`) too, so it works in the Latin layout as well.
 */
export function queueKeyAction(event: KeyLike, onControl: boolean): QueueKeyAction | undefined {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && (event.code === 'KeyZ' || event.key.toLowerCase() === 'z' || event.key.toLowerCase() === 'я')) {
    return 'undo';
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  switch (event.key) {
    case '1':
      return 'confirm';
    case '2':
      return 'choose';
    case '3':
      return 'skip';
    case 'Enter':
      return onControl ? undefined : 'confirm';
    case ' ':
      return onControl ? undefined : 'skip';
    case 'ArrowDown':
      return 'next';
    case 'ArrowUp':
      return 'previous';
    default:
      return event.key.toLowerCase() === 'в' || event.code === 'KeyD' ? 'choose' : undefined;
  }
}

/** True when the key press started in a text field, where every key is typing. */
export function isTyping(path: readonly EventTarget[]): boolean {
  return path.some(
    (target) =>
      target instanceof HTMLElement &&
      (target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT'),
  );
}

/** True when the key press started on a button, link or summary (Enter/Space press it). */
export function isOnControl(path: readonly EventTarget[]): boolean {
  const origin = path[0];
  return origin instanceof HTMLElement && ['BUTTON', 'A', 'SUMMARY'].includes(origin.tagName);
}
