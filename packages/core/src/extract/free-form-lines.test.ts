import { describe, expect, it } from 'vitest';
import { extractPriceRows } from './extract-rows.js';
import { freeFormRows, parseFreeFormLine, type SourceLine } from './free-form-lines.js';
import type { Table } from './table.js';

const values = (line: string): [string, number, string | null][] | null => {
  const parsed = parseFreeFormLine(line);
  return parsed ? parsed.prices.map((p) => [parsed.name, p.value, p.label]) : null;
};

const lines = (...texts: string[]): SourceLine[] => texts.map((text, i) => ({ text, table: 'text', row: i + 1 }));

describe('extract: parseFreeFormLine', () => {
  it('reads «терапевт 9000 тг 7000 тг» as a name with two prices', () => {
    expect(values('терапевт 9000 тг 7000 тг')).toEqual([
      ['терапевт', 9000, null],
      ['терапевт', 7000, null],
    ]);
  });

  it('reads «Муж-7300 тг Жен-9000тг» as two labelled prices without a name', () => {
    expect(values('Муж-7300 тг Жен-9000тг')).toEqual([
      ['', 7300, 'муж'],
      ['', 9000, 'жен'],
    ]);
  });

  it('reads «Прием педиатра — 8 000 тенге» as 8000', () => {
    expect(values('Прием педиатра — 8 000 тенге')).toEqual([['Прием педиатра', 8000, null]]);
  });

  it('reads «УЗИ почек ....... 6500» with a dotted leader and no currency', () => {
    expect(values('УЗИ почек ....... 6500')).toEqual([['УЗИ почек', 6500, null]]);
  });

  it('keeps «Прием терапевта от 5000 тг» as a lower bound, «от» in the raw text', () => {
    expect(parseFreeFormLine('Прием терапевта от 5000 тг')).toEqual({ name: 'Прием терапевта', prices: [{ value: 5000, raw: 'от 5000 тг', label: null }] });
    const [row] = freeFormRows(lines('Прием терапевта от 5000 тг'));
    expect(row!.warnings.join(' ')).toMatch(/\[PRICE_LOWER_BOUND\] .*нижняя граница/);
  });

  it('drops the numbering of «1. Прием терапевта – 5 000 ₸»', () => {
    expect(values('1. Прием терапевта – 5 000 ₸')).toEqual([['Прием терапевта', 5000, null]]);
  });

  it('peels a variant label off the name when several prices follow («Массаж взрослый 6000 тг детский 4000 тг»)', () => {
    expect(values('Массаж взрослый 6000 тг детский 4000 тг')).toEqual([
      ['Массаж', 6000, 'взрослый'],
      ['Массаж', 4000, 'детский'],
    ]);
  });

  it('does not take titles, phones, hours, addresses, dates or ranges for priced lines', () => {
    for (const line of [
      'ПРАЙС-ЛИСТ на медицинские услуги',
      'Прайс-лист ........ 2026',
      'Тел.: 8 (7172) 55-66-77',
      '+7 701 123 45 67',
      'Режим работы: с 8:00 до 20:00',
      'г. Астана, ул. Кенесары 40',
      'Цены действуют с 01.01.2026',
      'Анализы 5000-7000 тг',
      'Прием терапевта до 5000 тг',
      '',
    ]) {
      expect(parseFreeFormLine(line), line).toBeNull();
    }
  });
});

describe('extract: freeFormRows', () => {
  it('gives the resident price first and the nearest heading above as the section', () => {
    const rows = freeFormRows(lines('Клиника «Здоровье»', 'Консультации:', 'терапевт 9000 тг 7000 тг', 'Прием педиатра — 8 000 тенге'));
    expect(rows.map((r) => [r.section, r.name, r.prices.map((p) => [p.role, p.value])])).toEqual([
      ['Консультации', 'терапевт', [['resident', 9000], ['other', 7000]]],
      ['Консультации', 'Прием педиатра', [['resident', 8000]]],
    ]);
    expect(rows[1]!.source).toEqual({ table: 'text', row: 4 });
  });

  it('makes one row per variant label, named by the line above, with «(муж)» and «(жен)»', () => {
    const rows = freeFormRows(lines('Медосмотры', 'Медосмотр для водителей', 'Муж-7300 тг Жен-9000тг', 'Флюорография ..... 3500'));
    expect(rows.map((r) => [r.section, r.name, r.prices.map((p) => [p.role, p.value])])).toEqual([
      ['Медосмотры', 'Медосмотр для водителей (муж)', [['resident', 7300]]],
      ['Медосмотры', 'Медосмотр для водителей (жен)', [['resident', 9000]]],
      ['Медосмотры', 'Флюорография', [['resident', 3500]]],
    ]);
  });

  it('gives a labelled second price its role («нерезидент»)', () => {
    const [row] = freeFormRows(lines('Прием кардиолога 10 000 тг нерезидент 15 000 тг'));
    expect(row!.prices.map((p) => [p.role, p.value, p.header])).toEqual([
      ['resident', 10000, ''],
      ['nonresident', 15000, 'нерезидент'],
    ]);
  });
});

describe('extract: free-form pages of a scanned list', () => {
  /**
   * A scanned list as the issue describes an unseen one (15 pages): page 1 a table with its header, page 2
   * plain lines without a header (`специальность  перв. прием  повт. прием`, `смазывание … / носа / горла`,
   * labelled prices). Each page as the PDF reader gives it: one row per line, cells split at wide gaps.
   */
  const pages: Table[] = [
    {
      name: 'page 1',
      rows: [
        ['№', 'Наименование услуги', 'Цена, тенге'],
        ['1', 'Прием терапевта первичный', '9 000'],
        ['2', 'Прием терапевта повторный', '7 000'],
      ],
    },
    {
      name: 'page 2',
      rows: [
        ['Консультации специалистов:'],
        ['лор', '8000 тг', '6000 тг'],
        ['невролог', '9000 тг', '7000 тг'],
        ['УЗИ почек ....... 6500'],
        ['Медосмотр'],
        ['Муж-7300 тг', 'Жен-9000тг'],
      ],
    },
  ];

  it('reads a page without table rows as a free-form list, while the other pages stay tables', () => {
    const { rows, warnings } = extractPriceRows({ format: 'pdf', fileName: 'scan.pdf', tables: pages, text: [], warnings: [] });
    expect(rows.filter((r) => r.source.table === 'page 1').map((r) => r.prices[0]!.value)).toEqual([9000, 7000]);
    const listed = rows.filter((r) => r.source.table === 'page 2');
    expect(listed.map((r) => [r.name, r.prices.map((p) => p.value)])).toEqual([
      ['лор', [8000, 6000]],
      ['невролог', [9000, 7000]],
      ['УЗИ почек', [6500]],
      ['Медосмотр (муж)', [7300]],
      ['Медосмотр (жен)', [9000]],
    ]);
    expect(listed[0]!.section).toBe('Консультации специалистов');
    expect(warnings.join(' ')).toMatch(/\[FREE_FORM_PAGE\] стр. 2: не таблица; прочитано строк вида «название … цена»: 5/);
  });
});
