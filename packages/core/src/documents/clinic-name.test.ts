import { describe, it, expect } from 'vitest';
import { findClinicName } from './clinic-name.js';

describe('documents: clinic name from the content', () => {
  it('reads «Корпоративного Фонда "University Medical Center"» as КФ «University Medical Center»', () => {
    const lines = [
      'Приложение 1',
      'к приказу Председателя Правления ',
      'Корпоративного фонда «University Medical Center»',
      'от "______" ___________________ 2026 года № _________',
      'Прейскурант на платные медицинские услуги',
    ];
    expect(findClinicName(lines)).toBe('КФ «University Medical Center»');
  });

  it('reads full legal forms in any case as their abbreviation', () => {
    expect(findClinicName(['Товарищество с ограниченной ответственностью «Green Clinic»'])).toBe('ТОО «Green Clinic»');
    expect(findClinicName(['Акционерного общества "Национальный научный медицинский центр"'])).toBe(
      'АО «Национальный научный медицинский центр»',
    );
  });

  it('reads «Клиника Здоровье ТОО» with the legal form after the name', () => {
    expect(findClinicName(['Клиника Здоровье ТОО'])).toBe('ТОО «Клиника Здоровье»');
  });

  it('reads a quoted name after an abbreviation, stopping before the BIN', () => {
    expect(findClinicName(['ТОО «КЛИНИКА ЗДОРОВЬЕ», БИН 123456789012'])).toBe('ТОО «КЛИНИКА ЗДОРОВЬЕ»');
    expect(findClinicName(['ГКП на ПХВ «Городская поликлиника №5» акимата г. Астаны'])).toBe('ГКП на ПХВ «Городская поликлиника №5»');
  });

  it('reads «клиники "Мейрим"» as Клиника «Мейрим» when no legal form is given', () => {
    expect(findClinicName(['Прейскурант цен клиники "Мейрим" г. Астана'])).toBe('Клиника «Мейрим»');
  });

  it('keeps the initials of an individual entrepreneur', () => {
    expect(findClinicName(['ИП Иванов И.И., г. Алматы'])).toBe('ИП «Иванов И.И.»');
  });

  it('finds no name in approval blocks and titles', () => {
    expect(findClinicName(['Приложение к Приказу Директора', 'от «___» _________ 2025 г. №____', 'ПРЕЙСКУРАНТ'])).toBeNull();
    expect(findClinicName(['Утверждаю', 'Генеральный директор АО', 'Прейскурант на платные медицинские услуги'])).toBeNull();
    expect(findClinicName(['Прейскурант на медицинские услуги "'])).toBeNull();
  });

  it('finds no name in a quoted package or prose after a legal form', () => {
    expect(findClinicName(['Пакет «Счастливый малыш»'])).toBeNull();
    expect(findClinicName(['Оплата ТОО согласно договору'])).toBeNull();
  });
});

describe('documents: OCR digits are not a clinic name', () => {
  // Клиника 4 прайс 2026.pdf: price cells in the OCR layer read «295 700 юоо ООО», a legal form after digits.
  it('finds no clinic in «264 000 295 700 юоо ООО»', () => {
    expect(findClinicName(['264 000 295 700 юоо ООО'])).toBeNull();
  });
});
