import { css } from 'lit';

/** Layout of `<pricecat-search>`: a form row that wraps on phones, a suggestion list and result cards. */
export const searchStyles = css`
  form {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: flex-end;
  }
  .box {
    position: relative;
    flex: 1 1 16rem;
    min-width: 0;
  }
  label {
    display: block;
    font-size: 0.875rem;
    color: var(--muted);
    margin-bottom: 0.2rem;
  }
  .box input {
    width: 100%;
  }
  .city select {
    max-width: 12rem;
  }
  [role='listbox'] {
    position: absolute;
    z-index: 10;
    left: 0;
    right: 0;
    margin: 0.2rem 0 0;
    padding: 0.2rem 0;
    list-style: none;
    background: var(--surface);
    border: 1px solid var(--border);
    border-radius: var(--radius);
    box-shadow: 0 4px 12px rgb(0 0 0 / 12%);
  }
  [role='option'] {
    padding: 0.35rem 0.6rem;
    cursor: pointer;
  }
  [role='option'][aria-selected='true'],
  [role='option']:hover {
    background: var(--surface-alt);
  }
  mark {
    background: none;
    color: inherit;
    font-weight: 700;
  }
  .results {
    list-style: none;
    padding: 0;
    margin: 1rem 0 0;
    display: grid;
    gap: 0.5rem;
  }
  .hit {
    border: 1px solid var(--border);
    border-radius: var(--radius);
    padding: 0.6rem 0.8rem;
    background: var(--surface);
  }
  .hit a {
    font-weight: 600;
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  .figures {
    display: flex;
    flex-wrap: wrap;
    gap: 0.3rem 1.2rem;
    margin-top: 0.3rem;
    font-size: 0.9rem;
  }
  .figures span b {
    font-variant-numeric: tabular-nums;
  }
  .pager {
    display: flex;
    gap: 0.5rem;
    margin-top: 0.8rem;
  }
`;
