/**
 * Registers a custom element once. A portal that loads two copies of the elements gets a warning, not a
 * `NotSupportedError` that would stop its page.
 */
export function define(tag: string, element: CustomElementConstructor): void {
  if (customElements.get(tag)) {
    console.warn(`pricecat: <${tag}> is already defined; the second copy was not registered`);
    return;
  }
  customElements.define(tag, element);
}
