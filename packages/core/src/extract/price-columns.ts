/**
 * Price columns of a table and the role of each, decided from the header text.
 */
import { toKeyText } from './cell-text.js';
import { isPriceHeader } from './header-keywords.js';
import type { PriceColumn, PriceRole } from './price-row.js';

/**
 * The role of a price column from its header text; `null` when the header does not name a price.
 * Order matters: the long Kazakh headers name several groups at once («граждан РК, а также
 * иностранцев ... постоянно проживающих» is the resident column), so the most specific test wins.
 * A generic price header (`Цена`, `Стоимость, тенге`) is `resident`.
 */
export function priceRoleOf(headerText: string): PriceRole | null {
  const key = toKeyText(headerText);
  if (!isPriceHeader(key)) return null;
  if (/страхов|(?<![а-я])дмс/.test(key)) return 'insurance';
  if (/партнер/.test(key)) return 'partner';
  // «Цена для резидентов РК (ближнее зарубежье)» (Клиника 2, 2026) names residents first: the word decides.
  if (/(?<![а-я])резидент/.test(key)) return 'resident';
  if (/дальн\S* зарубеж/.test(key)) return 'nonresident_far';
  if (/(?<![а-я])снг|ближн\S* зарубеж|нерезидент|не резидент|не проживающ|непроживающ/.test(key)) return 'nonresident';
  // Foreigners are named in the resident header too, as those living in the country permanently; the
  // scan may garble the verb (`постоянно ар оживающих`), so the adverb or the citizens of the country
  // named first decide.
  if (/иностран/.test(key) && !/постоянно(?![а-я])|^\S*\s*(для\s+)?граждан\S*\s+(республики\s+казахстан|рк)(?![а-я])/.test(key)) return 'nonresident';
  if (/без\s+(учета\s+)?ндс|без налог/.test(key)) return 'without_vat';
  if (/скидк|акци|себестоим|закуп|опт/.test(key)) return 'other';
  return 'resident';
}

/**
 * Every price column of a header, skipping the columns already taken (name, code, unit...).
 * When two columns claim one role, the first keeps it and the later ones become `other`: the
 * catalogue compares one `resident` price per row.
 */
export function findPriceColumns(headerTexts: readonly string[], taken: ReadonlySet<number>): PriceColumn[] {
  const columns: PriceColumn[] = [];
  const used = new Set<PriceRole>();
  for (let index = 0; index < headerTexts.length; index++) {
    if (taken.has(index)) continue;
    const header = headerTexts[index] ?? '';
    let role = priceRoleOf(header);
    if (role === null) continue;
    // A merged header cell repeated over two columns with the same text is one column's header
    // spread by the reader; its twin stays a price column but cannot take the same role.
    if (used.has(role) && role !== 'other') role = 'other';
    used.add(role);
    columns.push({ index, header, role });
  }
  return columns;
}
