/**
 * The two sheets of the export, built lazily from one read-model snapshot:
 * 1. `Каталог`: the comparative catalogue, one row per service priced by at least one clinic, each
 *    clinic's representative price (the same as `GET /api/services/{id}/partners`) in its own column;
 * 2. `Все позиции`: every extracted position, queued, skipped and unrecognized ones too; a package's
 *    components (no offers of their own, so not in the catalogue) right under their package, each naming it.
 */
import { partnerPrices, servicePricesOf } from '../catalogue/compare-service.js';
import { median } from '../catalogue/statistics.js';
import { maxOf, minOf } from '../numbers.js';
import type { Directory, ExportedPosition, QueryPort } from '../storage/query-port.js';
import type { Clinic, PositionKind, Service } from '../storage/records.js';
import type { CellValue, SheetSource } from './xlsx-stream.js';
import { renderMessage } from '../messages/message-catalogue.js';

/**
 * Lines (one per service and clinic) the catalogue sheet reads at once, at most: the services of a read are as many
 * as fit with every clinic pricing each (100 with up to 20 clinics, 10 with 200), so a read stays small however many
 * clinics the store holds (at 1M positions of 200 clinics, 100 services a read held up to 20 000 lines at once).
 */
const LINES_PER_READ = 2000;

/** Services a read asks for at most (round trips are few enough with this, and a read stays one statement). */
const MAX_SERVICES_PER_READ = 100;

/**
 * Positions read at once for the positions sheet: a batch lives until its rows are written, and the smaller it is,
 * the likelier it dies young (rows that outlive young-generation collections are promoted, and garbage in the old
 * generation is collected only once the heap has grown by up to a few times its live set).
 */
const POSITIONS_PER_READ = 500;

/** Sheet names (the second is the client's). */
export const CATALOGUE_SHEET = 'Каталог';
export const POSITIONS_SHEET = 'Все позиции';

/** Fixed columns of the catalogue sheet before the clinic columns, and after them. */
export const CATALOGUE_LEAD_HEADERS = ['ID услуги', 'Услуга', 'Категория', 'Код тарифа', 'Источник'] as const;
export const CATALOGUE_TAIL_HEADERS = ['Медиана', 'Мин', 'Макс', 'Клиник'] as const;

export const POSITIONS_HEADERS = [
  'Клиника',
  'Город',
  'Файл',
  'Дата прайса',
  'Наименование в прайсе',
  'Код',
  'Раздел',
  'Цена',
  'Цена нерезидент',
  'Цена дальнее зарубежье',
  'Цены в документе',
  'Статус',
  'ID услуги',
  'Услуга',
  'Метод',
  'Уверенность',
  'Вид',
  'Пакет',
] as const;

/** `kind` as the sheet shows it. */
export const KIND_LABEL: Readonly<Record<PositionKind, string>> = { service: 'услуга', package: 'пакет', component: 'в составе пакета' };

/** `origin` as the sheet shows it. */
const ORIGIN_LABEL: Readonly<Record<Service['origin'], string>> = { dictionary: 'справочник', created: 'создана' };

/** Both sheets over `model`. Rows are produced while the file is written, not held all at once. */
export async function exportSheets(queries: QueryPort): Promise<SheetSource[]> {
  return [await catalogueSheet(queries), positionsSheet(queries)];
}

/** The header of a clinic's column: its name, with the city when known (two clinics may share a name). */
export function clinicColumnHeader(clinic: Pick<Clinic, 'name' | 'city'>): string {
  return clinic.city ? `${clinic.name} (${clinic.city})` : clinic.name;
}

// ---- internal helpers ----

async function catalogueSheet(queries: QueryPort): Promise<SheetSource> {
  const model = await queries.directory();
  const clinics = [...model.clinicsById.values()].sort(
    (a, b) => a.name.localeCompare(b.name, 'ru') || (a.city ?? '').localeCompare(b.city ?? '', 'ru'),
  );
  const column = new Map(clinics.map((clinic, i) => [clinic.clinic_id, CATALOGUE_LEAD_HEADERS.length + i]));
  const services = [...model.services]
    .sort((a, b) => a.category.localeCompare(b.category, 'ru') || a.name.localeCompare(b.name, 'ru'));
  const width = CATALOGUE_LEAD_HEADERS.length + clinics.length + CATALOGUE_TAIL_HEADERS.length;

  async function* rows(): AsyncGenerator<CellValue[]> {
    yield [...CATALOGUE_LEAD_HEADERS, ...clinics.map(clinicColumnHeader), ...CATALOGUE_TAIL_HEADERS];
    const servicesPerRead = Math.max(1, Math.min(MAX_SERVICES_PER_READ, Math.floor(LINES_PER_READ / Math.max(1, clinics.length))));
    for (let start = 0; start < services.length; start += servicesPerRead) {
      const chunk = services.slice(start, start + servicesPerRead);
      // Each clinic's representative price only (no line names): one read per chunk of services, not one comparison
      // each (on PostgreSQL a round trip per service was most of a large export's time); the figures are
      // `GET /api/services/{id}/partners`' (compareService: partnerPrices, then their median, min and max).
      const lines = await servicePricesOf(queries, chunk.map((s) => s.service_id), 'resident', { names: false });
      for (const service of chunk) {
        const row = catalogueRow(service, partnerPrices(model, lines.get(service.service_id)!.lines, 'resident'));
        if (row) yield row;
      }
    }
  }

  /** A service's row, or null when no clinic prices it. */
  function catalogueRow(service: Service, partners: readonly { readonly clinic_id: string; readonly price: number }[]): CellValue[] | null {
    if (partners.length === 0) return null;
    const prices = partners.map((p) => p.price);
    const row: CellValue[] = new Array<CellValue>(width).fill(null);
    row[0] = service.service_id;
    row[1] = service.name;
    row[2] = service.category;
    row[3] = service.tariff_code;
    row[4] = ORIGIN_LABEL[service.origin] ?? service.origin;
    for (const partner of partners) {
      const index = column.get(partner.clinic_id);
      if (index !== undefined) row[index] = partner.price;
    }
    const tail = CATALOGUE_LEAD_HEADERS.length + clinics.length;
    row[tail] = median(prices);
    row[tail + 1] = minOf(prices);
    row[tail + 2] = maxOf(prices);
    row[tail + 3] = partners.length;
    return row;
  }
  return {
    name: CATALOGUE_SHEET,
    widths: [14, 60, 24, 14, 12, ...clinics.map(() => 16), 12, 12, 12, 8],
    rows: { [Symbol.asyncIterator]: rows },
  };
}

function positionsSheet(queries: QueryPort): SheetSource {
  async function* rows(): AsyncGenerator<CellValue[]> {
    yield [...POSITIONS_HEADERS];
    const model = await queries.directory();
    // A package comes before its components, in its own list (ingest order): its name is at hand when they come.
    // Only the current list's packages are kept (a few hundred at most), not every package of the store; a package
    // not among them (a list whose positions are not all in one run) is looked up.
    const packageNames = new Map<string, string>();
    const packageName = async (packageId: string): Promise<string> =>
      packageNames.get(packageId) ?? (await queries.getPosition(packageId))?.raw_name ?? packageId;
    let listId: string | null = null;
    // One batch at a time: an engine with a cursor keeps memory bounded however many positions there are.
    // Only the columns written, where the engine can narrow its reads.
    const batches: AsyncIterable<readonly ExportedPosition[]> = queries.eachExportedPosition?.(POSITIONS_PER_READ) ?? queries.eachPosition(POSITIONS_PER_READ);
    for await (const batch of batches) {
      for (const position of batch) {
        if (position.price_list_id !== listId) {
          listId = position.price_list_id;
          packageNames.clear();
        }
        if (position.kind === 'package') packageNames.set(position.position_id, position.raw_name);
        yield positionRow(model, position, position.package_id === null ? null : await packageName(position.package_id));
      }
    }
  }
  return {
    name: POSITIONS_SHEET,
    widths: [30, 14, 30, 12, 60, 14, 30, 12, 12, 12, 30, 14, 14, 60, 12, 12, 16, 40],
    rows: { [Symbol.asyncIterator]: rows },
  };
}

function positionRow(model: Directory, position: ExportedPosition, packageName: string | null): CellValue[] {
  const clinic = model.clinicsById.get(position.clinic_id);
  const list = model.priceListsById.get(position.price_list_id);
  const service = position.service_id ? model.servicesById.get(position.service_id) : undefined;
  return [
    clinic?.name ?? position.clinic_id,
    clinic?.city ?? null,
    list?.file_name ?? null,
    calendarDate(list?.effective_date ?? null),
    position.raw_name,
    position.code,
    position.section,
    position.price,
    position.price_nonresident,
    position.price_nonresident_far ?? null,
    position.prices_raw.map((cell) => (cell.header ? `${cell.header}: ${cell.raw}` : cell.raw)).join('; ') || null,
    // Russian for people, from the message catalogue; the codes stay in the API (`/positions`).
    renderMessage(`status.${position.status}`),
    position.service_id,
    service?.name ?? null,
    position.method === null ? null : renderMessage(`method.${position.method}`),
    Math.round(position.confidence * 1000) / 1000,
    KIND_LABEL[position.kind] ?? position.kind,
    packageName,
  ];
}

/** A list's effective date (`2026-01-15`) as a date cell, so that Excel sorts and filters it as a date; else as read. */
function calendarDate(isoDate: string | null): Date | string | null {
  const match = isoDate?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : isoDate;
}
