import { css } from 'lit';

/** Styles of `<pricecat-autoload-card>`; the card look is shared with `<pricecat-price-changes>`. */
export const cardStyles = css`
  .card {
    border: 1px solid var(--border);
    border-radius: var(--radius);
    padding: 0.9rem 1rem;
    background: var(--surface);
  }
  h3 {
    margin: 0 0 0.7rem;
    font-size: 1.05rem;
  }
  form {
    display: grid;
    gap: 0.7rem;
  }
  .field {
    display: grid;
    gap: 0.25rem;
  }
  .field label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  .hint {
    font-size: 0.8rem;
    color: var(--muted);
  }
  .invalid input {
    border-color: var(--danger);
  }
  .field-error {
    color: var(--danger);
    font-size: 0.85rem;
  }
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
  }
  .ok {
    color: var(--success);
  }
  h4 {
    margin: 1rem 0 0.4rem;
    font-size: 0.95rem;
  }
  ul.files {
    margin: 0.3rem 0 0;
    padding-left: 1.1rem;
    font-size: 0.875rem;
    overflow-wrap: anywhere;
  }
  .failed {
    color: var(--danger);
  }
`;
