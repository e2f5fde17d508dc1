import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detailUses } from './detail-uses.js';
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

describe('messages: the errors’ texts and their throw sites', () => {
  const sources = ['../../src', '../../../http/src'].flatMap((dir) => sourceFiles(fileURLToPath(new URL(dir, import.meta.url))));
  const uses = sources.flatMap((file) => detailUses(readFileSync(file, 'utf-8')).map((use) => ({ ...use, file })));

  it('gives every error detail used in core and http a Russian text naming exactly the parameters its callers pass', () => {
    expect(uses.length).toBeGreaterThan(150);
    const problems: string[] = [];
    for (const use of uses) {
      const key = `error.${use.code}`;
      if (!RUSSIAN_MESSAGES.messages[key]?.match(/[а-яё]/i)) problems.push(`${key}: no Russian text (${use.file})`);
      const declared = [...(RUSSIAN_MESSAGES.params[key] ?? [])].sort();
      if (use.params !== null && JSON.stringify([...use.params].sort()) !== JSON.stringify(declared)) {
        problems.push(`${key}: ${use.file} passes {${use.params.join(', ')}}, the text names {${declared.join(', ')}}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no error text that nothing uses (the titles of the stable codes aside)', () => {
    const used = new Set(uses.map((use) => `error.${use.code}`));
    const titles = new Set(MESSAGE_CODES.filter((code) => code.startsWith('error.')));
    const unused = Object.keys(RUSSIAN_MESSAGES.messages).filter((key) => key.startsWith('error.') && !used.has(key) && !titles.has(key));
    expect(unused).toEqual([]);
  });

  it('reads the parameters of a call, and says when a spread hides them', () => {
    expect(detailUses("x(detail('A_B', { path, size: f(1, 2), why: `a, b` }))")).toEqual([{ code: 'A_B', params: ['path', 'size', 'why'] }]);
    expect(detailUses("detail('NONE'); detail('SPREAD', { ...who, url })")).toEqual([
      { code: 'NONE', params: [] },
      { code: 'SPREAD', params: null },
    ]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
