import { css } from 'lit';

/** Layout of `<pricecat-comparison>`: summary figures, the price-kind switch, the chart and the table. */
export const comparisonStyles = css`
  :host {
    --overpay: var(--danger);
    --saving: var(--success);
  }
  h2 {
    margin: 0 0 0.3rem;
    font-size: 1.25rem;
    overflow-wrap: anywhere;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1.5rem;
    align-items: center;
    justify-content: space-between;
    margin-bottom: 0.8rem;
  }
  .summary {
    display: flex;
    flex-wrap: wrap;
    gap: 0.3rem 1.2rem;
    margin: 0 0 0.6rem;
  }
  .summary div {
    display: flex;
    gap: 0.3rem;
  }
  .summary dt {
    color: var(--muted);
  }
  .summary dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  fieldset {
    border: none;
    padding: 0;
    margin: 0;
    display: inline-flex;
    flex-wrap: wrap;
    gap: 0.3rem;
    align-items: center;
  }
  legend {
    float: left;
    margin-right: 0.4rem;
    color: var(--muted);
  }
  .kind label {
    border: 1px solid var(--accent);
    border-radius: var(--radius);
    padding: 0.25rem 0.7rem;
    cursor: pointer;
    color: var(--accent);
  }
  .kind input {
    position: absolute;
    opacity: 0;
    pointer-events: none;
  }
  .kind input:checked + span {
    font-weight: 600;
  }
  .kind label:has(input:checked) {
    background: var(--accent);
    color: #fff;
  }
  .kind label:has(input:focus-visible) {
    outline: 2px solid var(--accent);
    outline-offset: 2px;
  }
  .spread {
    width: 100%;
    max-width: 40rem;
    height: auto;
    display: block;
    margin: 0.5rem 0 1rem;
  }
  .spread .axis {
    stroke: var(--border);
    stroke-width: 2;
  }
  .spread .median {
    stroke: var(--muted);
    stroke-dasharray: 4 3;
  }
  .spread .dot {
    fill-opacity: 0.75;
    stroke: var(--surface);
  }
  .spread .over {
    fill: var(--overpay);
  }
  .spread .under {
    fill: var(--saving);
  }
  .spread .at {
    fill: var(--accent);
  }
  .spread .tick {
    font-size: 11px;
    fill: var(--muted);
  }
  .overpay {
    color: var(--overpay);
  }
  .saving {
    color: var(--saving);
  }
  td.clinic {
    overflow-wrap: break-word;
    min-width: 7rem;
  }
  th.num {
    white-space: normal;
  }
  .history {
    margin-top: 1.2rem;
  }
  .history h3 {
    font-size: 1rem;
    margin: 0 0 0.4rem;
  }
  .history ol {
    margin: 0.2rem 0 0.6rem;
    padding-left: 1.2rem;
  }
  .badge {
    display: inline-block;
    font-size: 0.75rem;
    border-radius: var(--radius);
    padding: 0 0.35rem;
    margin-top: 0.2rem;
    white-space: nowrap;
  }
  .outlier-badge {
    background: var(--overpay);
    color: #fff;
  }
  .stale-badge {
    background: var(--muted);
    color: #fff;
  }
  details.lines {
    font-size: 0.85rem;
    margin-top: 0.3rem;
  }
  details.lines ul {
    margin: 0.3rem 0 0;
    padding-left: 1rem;
  }
  details.lines li {
    margin-bottom: 0.3rem;
    overflow-wrap: anywhere;
  }
  button.link {
    background: none;
    border: none;
    color: var(--accent);
    padding: 0;
    text-decoration: underline;
    cursor: pointer;
    font-size: 0.8rem;
  }
  .correcting {
    margin-top: 0.3rem;
  }
  .correction.failed {
    color: var(--overpay);
  }
  .history-chart {
    width: 100%;
    max-width: 40rem;
    height: auto;
  }
  .history-chart .axis {
    stroke: var(--border);
  }
  .history-chart .tick {
    font-size: 11px;
    fill: var(--muted);
  }
  .legend {
    list-style: none;
    padding: 0;
    font-size: 0.9rem;
  }
  .legend li {
    margin-bottom: 0.3rem;
  }
  .swatch {
    display: inline-block;
    width: 0.8rem;
    height: 0.8rem;
    border-radius: 2px;
    margin-right: 0.3rem;
    vertical-align: middle;
  }
  @media (max-width: 480px) {
    th.city,
    td.city {
      display: none;
    }
  }
`;
