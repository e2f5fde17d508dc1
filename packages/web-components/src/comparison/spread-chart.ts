/**
 * A strip plot of the price spread: one dot per clinic on a price axis, the median as a line. Plain SVG
 * through Lit's `svg` templates; clinic names go into `<title>` as text.
 *
 * @module
 */
import { svg, type TemplateResult } from 'lit';
import type { PartnerPrice } from '@pricecat/core/contract';
import { formatPrice } from '../format/format.js';

const WIDTH = 600;
const HEIGHT = 64;
const PAD = 12;
const AXIS_Y = 34;

/** The chart for the clinics of a comparison; `median` draws the reference line. */
export function spreadChart(partners: readonly PartnerPrice[], median: number | null, label: string): TemplateResult {
  const prices = partners.map((partner) => partner.price);
  const min = prices.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
  const max = prices.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
  // One price (or all equal): centre the dots instead of dividing by zero.
  const x = (price: number) => (max === min ? WIDTH / 2 : PAD + ((price - min) / (max - min)) * (WIDTH - 2 * PAD));
  const tone = (partner: PartnerPrice) => (partner.deviation > 0 ? 'over' : partner.deviation < 0 ? 'under' : 'at');
  return svg`<svg class="spread" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label=${label}>
    <line class="axis" x1=${PAD} x2=${WIDTH - PAD} y1=${AXIS_Y} y2=${AXIS_Y}></line>
    ${median === null ? null : svg`<line class="median" x1=${x(median)} x2=${x(median)} y1="8" y2=${HEIGHT - 14}></line>`}
    ${partners.map(
      (partner) => svg`<circle class=${`dot ${tone(partner)}`} cx=${x(partner.price)} cy=${AXIS_Y} r="6">
        <title>${partner.clinic_name}: ${formatPrice(partner.price)}</title>
      </circle>`,
    )}
    <text class="tick" x=${PAD} y=${HEIGHT - 2}>${formatPrice(min)}</text>
    <text class="tick" x=${WIDTH - PAD} y=${HEIGHT - 2} text-anchor="end">${formatPrice(max)}</text>
  </svg>`;
}
