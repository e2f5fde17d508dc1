/**
 * Rows of one price list → matched positions.
 */
import type { PriceCell, PriceRow } from '../extract/price-row.js';
import type { Matcher } from '../match/cascade.js';
import { withdrawConcentratedGroups } from '../match/concentrated-groups.js';
import type { Position } from '../storage/records.js';
import { newId } from './ids.js';

export interface PositionOwner {
  readonly price_list_id: string;
  readonly clinic_id: string;
}

/** Matches every row and applies the concentrated-group rule over the list (DESIGN §4 rule 1). */
export async function buildPositions(
  rows: readonly PriceRow[],
  owner: PositionOwner,
  matcher: Matcher,
  warn: (message: string) => void = () => undefined,
): Promise<Position[]> {
  const outcomes = withdrawConcentratedGroups(
    await matcher.matchAll(
      rows.map((row) => ({ raw_name: row.name, code: row.code, section: row.section })),
      { warn },
    ),
  );
  return rows.map((row, i) => {
    const outcome = outcomes[i]!;
    return {
      position_id: newId('pos'),
      price_list_id: owner.price_list_id,
      clinic_id: owner.clinic_id,
      raw_name: row.name,
      name_norm: outcome.name_norm,
      code: row.code,
      section: row.section,
      unit: row.unit,
      price: priceOf(row.prices, ['resident']),
      price_nonresident: priceOf(row.prices, ['nonresident', 'nonresident_far']),
      prices_raw: row.prices,
      service_id: outcome.service_id,
      confidence: outcome.confidence,
      method: outcome.method,
      status: outcome.status,
      candidates: outcome.candidates,
      ...(outcome.trace && { trace: outcome.trace }),
      warnings: row.warnings,
      source: row.source,
    };
  });
}

// ---- internal helpers ----

function priceOf(prices: readonly PriceCell[], roles: readonly PriceCell['role'][]): number | null {
  for (const role of roles) {
    const cell = prices.find((p) => p.role === role);
    if (cell) return cell.value;
  }
  return null;
}
