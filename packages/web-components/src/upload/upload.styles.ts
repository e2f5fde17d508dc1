import { css } from 'lit';

/** Layout of `<pricecat-upload>`: the drop zone, the progress bar and the per-file report. */
export const uploadStyles = css`
  .zone {
    border: 2px dashed var(--border);
    border-radius: var(--radius);
    padding: 1.5rem 1rem;
    text-align: center;
    background: var(--surface);
  }
  .zone.over {
    border-color: var(--accent);
    background: var(--surface-alt);
  }
  .zone p {
    margin: 0 0 0.8rem;
  }
  .pick {
    display: inline-block;
    border: 1px solid var(--accent);
    background: var(--accent);
    color: #fff;
    border-radius: var(--radius);
    padding: 0.4rem 0.9rem;
    cursor: pointer;
  }
  .pick:focus-within {
    outline: 2px solid var(--accent);
    outline-offset: 2px;
  }
  .pick input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }
  progress {
    width: 100%;
    height: 1rem;
    accent-color: var(--accent);
  }
  .summary {
    font-weight: 600;
    margin: 0.8rem 0 0.4rem;
  }
  td.file {
    overflow-wrap: anywhere;
  }
  tr.failed td {
    color: var(--danger);
  }
  ul.warnings {
    margin: 0;
    padding-left: 1rem;
    font-size: 0.875rem;
  }
  .again-choice {
    margin: 0.8rem 0 0;
    font-size: 0.9rem;
  }
  .job-files {
    padding-left: 1.2rem;
  }
  .job-files li.running .file {
    font-weight: 600;
  }
  .again {
    margin-left: 0.5rem;
  }
`;
