/**
 * The theme: global tokens `--pricecat-*` that a host portal sets once, mapped to each element's local
 * custom properties with defaults. Every element includes {@link baseStyles} first.
 *
 * @module
 */
import { css } from 'lit';

/**
 * Local properties every element understands (override them on the element, or the `--pricecat-*`
 * tokens anywhere above it): `--accent`, `--text`, `--muted`, `--border`, `--surface`, `--surface-alt`,
 * `--danger`, `--success`, `--radius`, `--font`.
 */
export const baseStyles = css`
  :host {
    display: block;
    --accent: var(--pricecat-color-accent, #0b6bcb);
    --text: var(--pricecat-color-text, #1f2933);
    --muted: var(--pricecat-color-muted, #5f6b7a);
    --border: var(--pricecat-color-border, #d5dbe1);
    --surface: var(--pricecat-color-surface, #ffffff);
    --surface-alt: var(--pricecat-color-surface-alt, #f3f6f9);
    --danger: var(--pricecat-color-danger, #c62828);
    --success: var(--pricecat-color-success, #1b7f3b);
    --warning: var(--pricecat-color-warning, #9a6700);
    --radius: var(--pricecat-radius, 6px);
    --font: var(--pricecat-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    font-family: var(--font);
    color: var(--text);
    line-height: 1.45;
    box-sizing: border-box;
    min-width: 0;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  [hidden] {
    display: none !important;
  }
  button,
  input,
  select {
    font: inherit;
    color: inherit;
  }
  button {
    cursor: pointer;
    border: 1px solid var(--accent);
    background: var(--accent);
    color: #fff;
    border-radius: var(--radius);
    padding: 0.4rem 0.9rem;
  }
  button.secondary {
    background: var(--surface);
    color: var(--accent);
  }
  button:disabled {
    opacity: 0.6;
    cursor: default;
  }
  input,
  select {
    border: 1px solid var(--border);
    border-radius: var(--radius);
    padding: 0.4rem 0.6rem;
    background: var(--surface);
    min-width: 0;
  }
  :focus-visible {
    outline: 2px solid var(--accent);
    outline-offset: 1px;
  }
  a {
    color: var(--accent);
  }
  .muted {
    color: var(--muted);
  }
  .num {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  .table-wrap {
    overflow-x: auto;
    max-width: 100%;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  th,
  td {
    padding: 0.4rem 0.5rem;
    border-bottom: 1px solid var(--border);
    text-align: left;
    vertical-align: top;
  }
  th {
    font-weight: 600;
    color: var(--muted);
    font-size: 0.875rem;
  }
  ul.warnings {
    margin: 0;
    padding-left: 1rem;
    font-size: 0.875rem;
  }
  .more-warnings summary {
    cursor: pointer;
    color: var(--accent);
    font-size: 0.875rem;
  }
  .warnings-cell {
    min-width: 12rem;
  }
  .error {
    border: 1px solid var(--danger);
    border-left-width: 4px;
    border-radius: var(--radius);
    padding: 0.6rem 0.8rem;
    color: var(--text);
    background: var(--surface);
  }
  .error strong {
    color: var(--danger);
  }
  .error details {
    margin-top: 0.3rem;
    font-size: 0.875rem;
    color: var(--muted);
  }
`;
