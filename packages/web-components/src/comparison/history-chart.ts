/**
 * A line chart of the price history: one line per clinic through its lists (x: the day the list holds from, y: its
 * price), dots with a `<title>` each. Plain SVG through Lit's `svg` templates, no chart library.
 *
 * @module
 */
import { svg, type TemplateResult } from 'lit';
import type { ServicePriceHistory } from '@pricecat/core/contract';
import { formatDate, formatPrice } from '../format/format.js';

const WIDTH = 600;
const HEIGHT = 220;
const LEFT = 70;
const RIGHT = 12;
const TOP = 12;
const BOTTOM = 28;
/** Distinct hues for up to 8 clinics; more cycle. */
const COLOURS = ['#0b6bcb', '#c62828', '#1b7f3b', '#8e44ad', '#e67e22', '#00838f', '#6d4c41', '#546e7a'];

/** The day a point holds from: its effective date, else its ingest day (the server orders by the same). */
export function pointDay(point: { readonly effective_date: string | null; readonly ingested_at: string }): string {
  return point.effective_date ?? point.ingested_at.slice(0, 10);
}

/** The colour of the n-th clinic's line, for the legend beside the chart. */
export function lineColour(index: number): string {
  return COLOURS[index % COLOURS.length]!;
}

/** The chart of `history`'s clinics (those given, in that order: the legend uses the same order). */
export function historyChart(clinics: ServicePriceHistory['clinics'], label: string): TemplateResult {
  const points = clinics.flatMap((c) => c.points);
  const days = points.map((p) => Date.parse(pointDay(p)));
  const prices = points.map((p) => p.price);
  const [minDay, maxDay] = [Math.min(...days), Math.max(...days)];
  const [minPrice, maxPrice] = [Math.min(...prices), Math.max(...prices)];
  const x = (day: string) =>
    maxDay === minDay ? (LEFT + WIDTH - RIGHT) / 2 : LEFT + ((Date.parse(day) - minDay) / (maxDay - minDay)) * (WIDTH - LEFT - RIGHT);
  const y = (price: number) =>
    maxPrice === minPrice ? (TOP + HEIGHT - BOTTOM) / 2 : TOP + (1 - (price - minPrice) / (maxPrice - minPrice)) * (HEIGHT - TOP - BOTTOM);
  return svg`<svg class="history-chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label=${label}>
    <line class="axis" x1=${LEFT} x2=${WIDTH - RIGHT} y1=${HEIGHT - BOTTOM} y2=${HEIGHT - BOTTOM}></line>
    <line class="axis" x1=${LEFT} x2=${LEFT} y1=${TOP} y2=${HEIGHT - BOTTOM}></line>
    <text class="tick" x=${LEFT - 4} y=${y(maxPrice) + 4} text-anchor="end">${formatPrice(maxPrice)}</text>
    ${maxPrice === minPrice ? null : svg`<text class="tick" x=${LEFT - 4} y=${y(minPrice) + 4} text-anchor="end">${formatPrice(minPrice)}</text>`}
    <text class="tick" x=${LEFT} y=${HEIGHT - 8}>${formatDate(new Date(minDay).toISOString().slice(0, 10))}</text>
    <text class="tick" x=${WIDTH - RIGHT} y=${HEIGHT - 8} text-anchor="end">${formatDate(new Date(maxDay).toISOString().slice(0, 10))}</text>
    ${clinics.map((clinic, index) => {
      const colour = lineColour(index);
      const path = clinic.points.map((p) => `${x(pointDay(p)).toFixed(1)},${y(p.price).toFixed(1)}`).join(' ');
      return svg`<g class="clinic-line" data-clinic=${clinic.clinic_id}>
        <polyline points=${path} fill="none" stroke=${colour} stroke-width="2"></polyline>
        ${clinic.points.map(
          (p) => svg`<circle cx=${x(pointDay(p))} cy=${y(p.price)} r="4" fill=${colour}>
            <title>${clinic.clinic_name}, ${formatDate(pointDay(p))}: ${formatPrice(p.price)}</title>
          </circle>`,
        )}
      </g>`;
    })}
  </svg>`;
}
