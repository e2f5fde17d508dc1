/**
 * A position's context in its price list (`GET /positions/{id}/context`) as a small table: its place in the file
 * (sheet or page, row), and the rows just before and after it with their section, price and match.
 *
 * @module
 */
import { html, nothing } from 'lit';
import type { PositionContext } from '@pricecat/core/contract';
import { formatPrice } from '../format/format.js';
import { messages } from '../i18n/messages.js';

const t = messages.queue;

/** The context table. */
export function renderPositionContext(context: PositionContext) {
  return html`<div class="context">
    <p class="muted context-source">${t.contextSource(tableName(context.source.table), context.source.row)}</p>
    <table>
      <thead><tr><th>${t.contextRow}</th><th>${t.section}</th><th>${t.contextName}</th><th>${t.contextPrice}</th><th>${t.contextMatch}</th></tr></thead>
      <tbody>
        ${context.rows.map(
          (row) => html`<tr class=${row.current ? 'current' : ''} aria-current=${row.current ? 'true' : nothing}>
            <td>${row.source.row}</td>
            <td>${row.section ?? ''}</td>
            <td>${row.raw_name}</td>
            <td class="num">${formatPrice(row.price)}</td>
            <td>${row.service_name ?? messages.unmatched.statuses[row.status] ?? ''}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** The source table in Russian: readers name PDF pages `page 15`, sheets keep their own names. */
export function tableName(table: string): string {
  return table.replace(/^pages? (?=\d)/, 'стр. ');
}
