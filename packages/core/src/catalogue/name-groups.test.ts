import { describe, expect, it } from 'vitest';
import { isGenericName, nameKey, needsSection, sectionKey, type KeyedRow } from './name-groups.js';

describe('grouping key of an unmatched name', () => {
  it('gives spelling variants of one service the same key', () => {
    expect(nameKey('УВЧ-терапия')).toBe(nameKey('УВЧ терапия'));
    expect(nameKey('Альфа-1-Антитрипсин')).toBe(nameKey('Альфа - 1 - антитрипсин'));
    expect(nameKey('Прием врача ортопеда к.м.н.')).toBe(nameKey('Первичный прием врача ортопеда'));
  });

  it('keeps «гепатит В» and «гепатит С» apart although the matcher drops «в» and «с» as prepositions', () => {
    expect(nameKey('Вирус гепатита В (качественный)')).not.toBe(nameKey('Вирус гепатита С (качественный)'));
  });

  it('does not read the «С» of «С - реактивный» as a letter designation', () => {
    expect(nameKey('Определение С - реактивного белка')).toBe(nameKey('С-реактивный белок'));
  });

  it('groups a scan with and without contrast, as the matcher reads them (the dictionary has one entry for both)', () => {
    expect(nameKey('МРТ орбит без контраста')).toBe(nameKey('МРТ орбит с контрастом'));
  });

  it('keeps a name with «без» apart from the name without it', () => {
    expect(nameKey('Удаление папилломы без анестезии')).not.toBe(nameKey('Удаление папилломы с анестезией'));
  });

  it('is empty for a name without terms', () => {
    expect(nameKey('---')).toBe('');
  });

  it('ignores the numbering of a section heading', () => {
    expect(sectionKey('31.5.Биохимические исследования')).toBe(sectionKey('Биохимические исследования'));
    expect(sectionKey('Раздел 7.Оториноларингология')).toBe(sectionKey('Оториноларингология'));
  });
});

describe('names that need their section', () => {
  const row = (key: string, section: string, price: number, list = 'pl_1'): KeyedRow => ({ key, section, price, price_list_id: list });

  it('calls a name generic when every term of it is common in the dictionary', () => {
    const frequency = (term: string) => (term === 'при' ? 99 : 1);
    expect(isGenericName(nameKey('Прием врача'), frequency, 1281)).toBe(true);
    expect(isGenericName(nameKey('Прием врача ортопеда'), frequency, 1281)).toBe(false);
  });

  it('needs the section when one list prices the name under three sections at three prices', () => {
    const key = nameKey('Перевязка');
    const rows = [row(key, 'Офтальмология', 1440), row(key, 'Хирургия общая', 3600), row(key, 'Урология', 3000)];
    expect(needsSection(rows, () => false).has(key)).toBe(true);
  });

  it('does not need it when the list repeats the name in a check-up programme at another price', () => {
    const key = nameKey('С-реактивный белок');
    const rows = [row(key, 'CHECK-UP', 1350), row(key, 'Биохимические исследования', 1850)];
    expect(needsSection(rows, () => false).has(key)).toBe(false);
  });

  it('does not need it when the name repeats under many sections at one price', () => {
    const key = nameKey('Микрореакция');
    const rows = ['Медосмотр', 'Декретированный контингент', 'Предсменное освидетельствование'].map((s) => row(key, s, 1240));
    expect(needsSection(rows, () => false).has(key)).toBe(false);
  });

  it('counts sections per price list, not across lists', () => {
    const key = nameKey('Перевязка');
    const rows = [row(key, 'Офтальмология', 1440, 'pl_1'), row(key, 'Хирургия', 3600, 'pl_2'), row(key, 'Урология', 3000, 'pl_3')];
    expect(needsSection(rows, () => false).has(key)).toBe(false);
  });
});
