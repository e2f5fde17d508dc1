/**
 * One price file → one price list with its positions, written in one storage call.
 */
import { detectDocumentFacts } from '../documents/index.js';
import { extractPriceRows } from '../extract/index.js';
import { cutLongNames } from '../extract/long-names.js';
import { readDocument } from '../extract/readers/index.js';
import type { ReadResult } from '../extract/table.js';
import type { IngestedFile, PriceList } from '../storage/records.js';
import type { FileReport } from '../model/catalogue-types.js';
import { buildPositions } from './build-positions.js';
import type { CatalogueContext } from './context.js';
import { newId, sha256Hex } from './ids.js';
import { spendPositions, spendRows, type PositionBudget } from './ingest-limits.js';
import { PricecatError } from '../errors.js';
import { resolveClinic } from './resolve-clinic.js';
import { detail } from '../messages/message-catalogue.js';

/** A file to ingest: its path (inside the ZIP, folders included) and bytes. */
export interface IngestEntry {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/**
 * How many first rows of the first table are read for clinic, city and date (titles, approval blocks).
 * Later tables are more sheets or pages of the same list: their rows are services, not facts.
 */
const FACT_ROWS = 15;

/**
 * Reads, matches and stores one file. Throws on a file that cannot be read, that holds no priced row,
 * or whose rows do not fit `budget`; the caller reports it. Nothing is written before the one storage call.
 */
export async function ingestFile(ctx: CatalogueContext, entry: IngestEntry, budget: PositionBudget): Promise<FileReport> {
  const read = await readDocument(entry.bytes, entry.path, ctx.readOptions);
  spendRows(budget, ctx.ingestLimits, entry.path, read.tables.reduce((sum, table) => sum + table.rows.length, 0));
  const extracted = extractPriceRows(read);
  // No junk (issue #18): a note, a header-only CSV or names without prices created an empty clinic and list.
  if (!extracted.rows.some((row) => row.prices.length > 0)) throw noPricedRow(entry.path);
  spendPositions(budget, ctx.ingestLimits, entry.path, extracted.rows.length);
  const facts = detectDocumentFacts({
    path: entry.path,
    lines: factLines(read),
    bodyLines: extracted.rows.map((row) => row.name),
  });
  const now = ctx.now();
  const clinic = resolveClinic(await ctx.storage.listClinics(), facts, now);
  const priceListId = newId('pl');
  const matchWarnings: string[] = [];
  const positions = await buildPositions(
    cutLongNames(extracted.rows),
    { price_list_id: priceListId, clinic_id: clinic.clinic_id },
    await ctx.matcher(),
    (message) => matchWarnings.push(message),
    await ctx.decisionMemory(),
  );
  const warnings = [...read.warnings, ...extracted.warnings, ...matchWarnings];
  const sha256 = await sha256Hex(entry.bytes);
  const priceList: PriceList = {
    price_list_id: priceListId,
    clinic_id: clinic.clinic_id,
    file_name: entry.path,
    format: read.format,
    effective_date: facts.effective_date,
    ingested_at: now.toISOString(),
    sha256,
    status: warnings.length > 0 ? 'warnings' : 'ok',
    warnings,
    position_count: positions.length,
  };
  const ingestedFile: IngestedFile = { path: entry.path, sha256, price_list_id: priceListId, ingested_at: priceList.ingested_at };
  const write = { clinic, priceList, positions, ingestedFile };
  await ctx.storage.savePriceList(write);
  ctx.changed({ type: 'price-list', write });

  const count = (status: string) => positions.filter((p) => p.status === status).length;
  return {
    file: entry.path,
    status: priceList.status === 'ok' ? 'ok' : 'warnings',
    format: read.format,
    price_list_id: priceListId,
    clinic_id: clinic.clinic_id,
    clinic_name: clinic.name,
    city: clinic.city,
    effective_date: facts.effective_date,
    positions: positions.length,
    normalized: count('normalized'),
    queued: count('queued'),
    unrecognized: count('unrecognized'),
    skipped: count('skipped'),
    price_columns: extracted.columns.map((c) => ({ header: c.header, role: c.role, ...(c.also_roles ? { also_roles: c.also_roles } : {}) })),
    warnings,
  };
}

// ---- internal helpers ----

function noPricedRow(file: string): PricecatError {
  return new PricecatError(
    'NO_PRICE_TABLE',
    detail('NO_PRICED_ROW', { file }),
  );
}

function factLines(read: ReadResult): string[] {
  const lines = [...read.text];
  for (const table of read.tables.slice(0, 1)) {
    for (const row of table.rows.slice(0, FACT_ROWS)) {
      const cells = [...new Set(row.map((c) => c.trim()).filter((c) => c.length > 0))];
      if (cells.length > 0) lines.push(cells.join(' '));
    }
  }
  return lines;
}
