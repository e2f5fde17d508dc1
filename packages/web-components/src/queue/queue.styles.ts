import { css } from 'lit';

/** Styles of `<pricecat-queue>`. */
export const queueStyles = css`
  .counters {
    display: flex;
    flex-wrap: wrap;
    gap: 0.6rem;
    margin: 0 0 0.8rem;
    padding: 0;
  }
  .counter {
    border: 1px solid var(--border);
    border-radius: var(--radius);
    padding: 0.4rem 0.8rem;
    background: var(--surface);
  }
  .counter dt {
    color: var(--muted);
    font-size: 0.85rem;
  }
  .counter dd {
    margin: 0;
    font-size: 1.4rem;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .shortcuts {
    font-size: 0.85rem;
    color: var(--muted);
    margin: 0 0 0.8rem;
  }
  .shortcuts summary {
    cursor: pointer;
    color: var(--accent);
  }
  .shortcuts ul {
    margin: 0.3rem 0 0;
    padding-left: 1rem;
  }
  kbd {
    font: inherit;
    font-size: 0.8rem;
    border: 1px solid var(--border);
    border-bottom-width: 2px;
    border-radius: 4px;
    padding: 0 0.3rem;
    background: var(--surface-alt);
    color: var(--text);
  }
  .feedback {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    margin: 0 0 0.8rem;
    padding: 0.4rem 0.8rem;
    border-radius: var(--radius);
    background: var(--surface-alt);
  }
  ol.items {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.6rem;
  }
  .item {
    border: 1px solid var(--border);
    border-radius: var(--radius);
    padding: 0.7rem 0.9rem;
    background: var(--surface);
    overflow-wrap: anywhere;
  }
  .item[aria-current='true'] {
    border-color: var(--accent);
    box-shadow: inset 4px 0 0 var(--accent);
  }
  .raw {
    font-weight: 600;
    font-size: 1.05rem;
  }
  .meta {
    color: var(--muted);
    font-size: 0.875rem;
    margin: 0.15rem 0 0.4rem;
  }
  .price {
    color: var(--text);
    font-weight: 600;
    white-space: nowrap;
  }
  .suggestion {
    margin: 0.2rem 0;
  }
  .suggestion b {
    color: var(--accent);
  }
  .confidence {
    color: var(--muted);
    font-size: 0.85rem;
    white-space: nowrap;
  }
  .alternatives {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.3rem;
    font-size: 0.875rem;
    margin: 0.3rem 0;
  }
  .alternatives button {
    padding: 0.1rem 0.5rem;
    font-size: 0.875rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    margin-top: 0.5rem;
  }
  .actions kbd {
    margin-left: 0.3rem;
    background: transparent;
    color: inherit;
    border-color: currentColor;
    opacity: 0.8;
  }
  pricecat-service-picker {
    margin-top: 0.6rem;
  }
  .more {
    margin: 0.8rem 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.8rem;
  }
  .sentinel {
    height: 1px;
  }
  .toolbar {
    margin: 0 0 0.8rem;
    padding: 0.5rem 0.8rem;
    border: 1px solid var(--border);
    border-radius: var(--radius);
    background: var(--surface);
  }
  .toolbar summary {
    cursor: pointer;
    color: var(--accent);
  }
  .filters,
  .bulk {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 0.5rem 0.8rem;
    margin: 0.5rem 0 0;
  }
  .filters label,
  .bulk label {
    display: flex;
    flex-direction: column;
    font-size: 0.85rem;
    color: var(--muted);
    min-width: 9rem;
    flex: 1 1 10rem;
  }
  .filters label.narrow,
  .bulk label.narrow {
    flex: 0 1 7rem;
    min-width: 6rem;
  }
  .identical {
    display: flex;
    gap: 0.4rem;
    align-items: center;
    margin: 0 0 0.6rem;
  }
  .bulk > span {
    align-self: center;
    font-weight: 600;
  }
  .bulk-preview {
    align-self: center;
  }
  .problem {
    color: var(--danger, #b42318);
    flex-basis: 100%;
    margin: 0;
  }
  .context {
    margin: 0.5rem 0 0;
    overflow-x: auto;
  }
  .context table {
    border-collapse: collapse;
    font-size: 0.85rem;
    width: 100%;
  }
  .context th,
  .context td {
    border-bottom: 1px solid var(--border);
    padding: 0.2rem 0.4rem;
    text-align: left;
    vertical-align: top;
  }
  .context td.num {
    text-align: right;
    white-space: nowrap;
  }
  .context tr.current {
    background: var(--surface-alt);
    font-weight: 600;
  }
`;
