/**
 * Guards against the double click, a habit of many people on buttons that act at once.
 *
 * @module
 */

/**
 * False for the second (third…) click of a double click. An action that takes its row off the list (a decision, a
 * created service) would otherwise get the second click on the next row's button, now under the pointer, and act on
 * that row unseen; a toggle would close what the first click opened. Keyboard activation has detail 0.
 */
export function firstClick(event: MouseEvent): boolean {
  return event.detail <= 1;
}
