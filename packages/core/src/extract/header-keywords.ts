/**
 * Keywords of price-list column headers (Russian, some English), tested on {@link toKeyText} output.
 */
import { latinLookAlikesToCyrillic } from '../text/look-alikes.js';

/** The service-name column: `Наименование услуги`, `Название`, `Услуга`. */
export const NAME_HEADER = /наименовани|название|^услуг[аи]?(?![а-я])|^вид[ы]? услуг|^(медицинская )?услуга|^исследовани|^перечень|^тест(?![а-я])|^анализ(?:ы)?$|^name|^service/;
/** The clinic's code column: `Код`, `Код услуги`, `Шифр`, `Артикул`. */
export const CODE_HEADER = /^код(?![а-я])|(?<![а-я])код услуг|(?<![а-я])код тариф|^шифр|^артикул|^code\b|^id$/;
/** The unit column: `Ед. изм.`, `Единица измерения`. */
export const UNIT_HEADER = /ед\.?\s*изм|единиц[аы]? измерен|^ед\.?$|^unit/;
/** The row-number column: `№`, `№ п/п`, `N п/п`. */
export const NUMBER_HEADER = /^№|п\s*\/\s*п|^n$|^#$|^no\.?$/;
/** Quantity columns, which hold numbers that are not prices. */
export const QUANTITY_HEADER = /кол-?во|количество|^кол\.?$|^qty/;
/** Any price column: a price word, a currency, or a price-role word. */
export const PRICE_HEADER =
  /цен[аыуе]|стоимост|тариф|сумм[аы](?![а-я])|прайс|тенге|(?<![а-я])тг(?![а-я])|₸|\bkzt\b|price|cost|резидент|(?<![а-я])снг|зарубеж|(?<![а-я])ндс|(?<![а-я])дмс|страхов|партнер|граждан/;

/** True when a header text names the service column (also when OCR read its letters as Latin: `TECt`). */
export function isNameHeader(key: string): boolean {
  const named = NAME_HEADER.test(key) || NAME_HEADER.test(latinLookAlikesToCyrillic(key));
  return named && !CODE_HEADER.test(key) && !/цен[аыуе]|стоимост|тариф/.test(key);
}


/** True when a header text names a price column (and not a code, unit, number or quantity column). */
export function isPriceHeader(key: string): boolean {
  if (key === '' || CODE_HEADER.test(key) || UNIT_HEADER.test(key) || QUANTITY_HEADER.test(key)) return false;
  if (NUMBER_HEADER.test(key) && !/цен|стоим/.test(key)) return false;
  return PRICE_HEADER.test(key);
}
