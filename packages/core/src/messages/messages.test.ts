import { describe, expect, it } from 'vitest';
import { catalogueProblems, renderMessage, RUSSIAN_MESSAGES } from './message-catalogue.js';
import { MESSAGE_CODES } from './message-codes.js';

describe('messages: the Russian catalogue', () => {
  it('has Russian text for every code core emits, naming exactly the declared parameters', () => {
    expect(catalogueProblems(RUSSIAN_MESSAGES, MESSAGE_CODES)).toEqual([]);
    for (const code of MESSAGE_CODES) expect(RUSSIAN_MESSAGES.messages[code], code).toMatch(/[а-яё]/i);
  });

  it('finds a code without text, an undeclared and an unused parameter', () => {
    const broken = { messages: { 'a.one': 'есть {x}', 'a.two': 'нет параметра' }, params: { 'a.two': ['y'] } };
    expect(catalogueProblems(broken, ['a.one', 'a.three'])).toEqual([
      'a.three: no text',
      'a.one: text names {x}, not declared in params',
      'a.two: param y is declared but not in the text',
    ]);
  });

  it('fills the parameters, and shows the code itself when a text is missing', () => {
    expect(renderMessage('warning.ROWS_WITHOUT_PRICE_SKIPPED', { where: 'стр. 2', count: 4 })).toBe(
      'стр. 2: пропущено строк с названием, но без цены (пусто или 0): 4',
    );
    expect(renderMessage('status.queued')).toBe('на проверке');
    expect(renderMessage('no.such.code')).toBe('no.such.code');
  });
});
