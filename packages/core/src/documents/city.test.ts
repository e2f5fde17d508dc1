import { describe, it, expect } from 'vitest';
import { findCityInPath, findCityInText, knownCities } from './city.js';

describe('documents: city', () => {
  it('reads «г. Алматы», «город Астана» and «в г.Шымкенте»', () => {
    expect(findCityInText(['г. Алматы, ул. Абая 10'])).toBe('Алматы');
    expect(findCityInText(['город Астана'])).toBe('Астана');
    expect(findCityInText(['в г.Шымкенте'])).toBe('Шымкент');
  });

  it('reads case forms: Астаны, Караганде, Костанае, Семее, Новосибирске, Москве, Перми', () => {
    const read = (text: string) => findCityInText([text]);
    expect(read('за пределы г.Астаны (1 час)')).toBe('Астана');
    expect(read('филиал в Караганде')).toBe('Караганда');
    expect(read('в Костанае')).toBe('Костанай');
    expect(read('в Семее')).toBe('Семей');
    expect(read('в Новосибирске')).toBe('Новосибирск');
    expect(read('офис в Москве')).toBe('Москва');
    expect(read('в Перми')).toBe('Пермь');
    expect(read('в Нижнем Новгороде')).toBe('Нижний Новгород');
    expect(read('в Ростове-на-Дону')).toBe('Ростов-на-Дону');
  });

  it('maps old and Kazakh names to today’s city', () => {
    expect(findCityInText(['г. Нур-Султан'])).toBe('Астана');
    expect(findCityInText(['в Алма-Ате'])).toBe('Алматы');
    expect(findCityInText(['Өскемен қаласы'])).toBe('Усть-Каменогорск');
    expect(findCityInText(['г. Целиноград'])).toBe('Астана');
  });

  it('reads a city from an address line', () => {
    expect(findCityInText(['Адрес: 100000, Караганда, пр. Бухар-Жырау 5'])).toBe('Караганда');
  });

  it('takes «Мирный» and «Королёв» only after «г.»', () => {
    expect(findCityInText(['ТОО Мирный'])).toBeNull();
    expect(findCityInText(['Королев С.П.'])).toBeNull();
    expect(findCityInText(['г. Мирный'])).toBe('Мирный');
    expect(findCityInText(['г. Королёв'])).toBe('Королёв');
  });

  it('does not take a street named after a person or city for the city', () => {
    expect(findCityInText(['ул. Абая 52'])).toBeNull();
    expect(findCityInText(['пр. Жамбыла 100'])).toBeNull();
  });

  it('prefers the name after «г.» over a bare one earlier', () => {
    expect(findCityInText(['Лаборатория в Москве', 'г. Алматы'])).toBe('Алматы');
  });

  it('reads the city from a folder or the file name', () => {
    expect(findCityInPath('Алматы/Клиника 3 прайс 2026.pdf')).toBe('Алматы');
    expect(findCityInPath('Прайс Астана 2026.xlsx')).toBe('Астана');
    expect(findCityInPath('Клиника 7_Прайс 2026.xls')).toBeNull();
  });

  it('knows every regional centre of Kazakhstan and Russia’s largest cities', () => {
    const cities = knownCities();
    for (const city of ['Астана', 'Алматы', 'Шымкент', 'Актобе', 'Тараз', 'Павлодар', 'Усть-Каменогорск', 'Семей',
      'Атырау', 'Костанай', 'Кызылорда', 'Уральск', 'Петропавловск', 'Актау', 'Туркестан', 'Кокшетау', 'Талдыкорган',
      'Жезказган', 'Конаев', 'Караганда', 'Москва', 'Санкт-Петербург', 'Новосибирск', 'Екатеринбург', 'Казань']) {
      expect(cities).toContain(city);
    }
  });
});
