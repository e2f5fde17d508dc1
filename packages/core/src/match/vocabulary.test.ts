import { beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import type { Service } from '../storage/records.js';
import { aliasesForDictionary } from './alias-selection.js';
import { normalizeName } from './normalize.js';
import { TEST_SERVICES } from './test-services.js';
import { toTerms } from './terms.js';
import {
  aliasTableFrom,
  BUNDLED_ALIASES,
  checkAliasTable,
  NO_ALIASES,
  parseAliasTable,
  parseCombinationGuards,
  parseFeatureWords,
  parsePatterns,
  parseTermTable,
  parseWordLists,
  VOCABULARY,
} from './vocabulary.js';

let services: Service[];
beforeAll(async () => {
  services = await loadDefaultDictionary();
});

describe('the bundled vocabulary', () => {
  it('names, in every alias key, an entry of the bundled dictionary', () => {
    const check = checkAliasTable(BUNDLED_ALIASES, services.map((s) => s.name));
    expect(check.unknown).toEqual([]);
    expect(check.entries).toBeGreaterThan(900);
  });

  it('has well-formed term-table rows: each phrasing has terms, no phrasing in two rows', () => {
    const seen = new Set<string>();
    for (const row of VOCABULARY.terms) {
      expect(toTerms(normalizeName(row.canonical)).length, row.canonical).toBeGreaterThan(0);
      for (const variant of row.variants) {
        expect(seen.has(variant), variant).toBe(false);
        seen.add(variant);
      }
    }
    expect(VOCABULARY.terms.length).toBeGreaterThan(70);
  });

  it('reads every file: noise phrases anchored on spaces, classes, letters, elements, allergen words, methods, materials', () => {
    expect(VOCABULARY.noisePhrases.length).toBeGreaterThan(15);
    for (const pattern of VOCABULARY.noisePhrases) expect(pattern.source.startsWith('(?<= )(?:')).toBe(true);
    expect(VOCABULARY.stopWords.has('в')).toBe(true);
    expect(VOCABULARY.termClasses.material).toContain('кров');
    expect(VOCABULARY.classPatterns.get('method')!.test('ифа')).toBe(true);
    expect(VOCABULARY.letterDesignations['С']).toBe('c');
    expect(VOCABULARY.chemicalElements['K']).toBe('калий');
    expect(VOCABULARY.allergenTests.total).toBe('общ');
    expect(VOCABULARY.methods.get('ихл')!.test('иммунохемилюминесцентн')).toBe(true);
    expect(VOCABULARY.materials.get('моча')!.test('мочевин')).toBe(false);
  });
});

describe('the combination guards as data', () => {
  it('keeps words the matcher can find: conjunctions as normalized names write them, panel words that are terms', () => {
    const words = VOCABULARY.combinationGuards;
    for (const word of words.conjunctions) expect(normalizeName(`a ${word} b`), word).toBe(`a ${word} b`);
    for (const word of words.elementPanels) expect(toTerms(normalizeName(word)).length, word).toBeGreaterThan(0);
  });

  it('rejects a missing list, a word among the signs, a sign among the words', () => {
    const file = 'combination-guards.tsv';
    const valid = 'joiners\t+\nconjunctions\tи\nlist-separators\t/\nelement-panels\tэлектролиты\n';
    expect(parseCombinationGuards(valid, file).listSeparators).toEqual(['/']);
    expect(() => parseCombinationGuards(valid.replace('joiners\t+\n', ''), file)).toThrow(/combination-guards\.tsv: the list «joiners» is missing or empty/);
    expect(() => parseCombinationGuards(valid.replace('\t+', '\tплюс'), file)).toThrow(/«плюс» in «joiners» is not one sign/);
    expect(() => parseCombinationGuards(valid.replace('\tи', '\t&'), file)).toThrow(/«&» in «conjunctions» is not a lower-case word/);
    expect(() => parseCombinationGuards(`${valid}panels\tx\n`, file)).toThrow(/combination-guards\.tsv:5: unknown list «panels»/);
  });
});

describe('loader validation names the file and the line', () => {
  it('rejects a term-table row without a TAB, a blank phrasing, an upper-case phrasing, a phrasing in two rows', () => {
    expect(() => parseTermTable('# c\nузи ультразвуковое\n', 'terms.tsv')).toThrow(/terms\.tsv:2: expected 2 fields/);
    expect(() => parseTermTable('узи\tузи |  | уздг\n', 'terms.tsv')).toThrow(/terms\.tsv:1: phrasing 2 is blank/);
    expect(() => parseTermTable('узи\tУЗИ\n', 'terms.tsv')).toThrow(/terms\.tsv:1: .*lower case/);
    expect(() => parseTermTable('узи\tузи\n\nкт\tузи | кт\n', 'terms.tsv')).toThrow(/terms\.tsv:3: the phrasing «узи» is already a phrasing of line 1/);
  });

  it('rejects a broken regular expression, an unknown list, a malformed feature word', () => {
    expect(() => parsePatterns('ok\n(?:broken\n', 'noise-phrases.txt', (s) => s, 'g')).toThrow(/noise-phrases\.txt:2: not a valid regular expression/);
    expect(() => parseWordLists('moda\tузи\n', 'term-classes.tsv', ['modality'] as const)).toThrow(/term-classes\.tsv:1: unknown list «moda»/);
    expect(() => parseFeatureWords('ифа\tИФА\n', 'methods.tsv')).toThrow(/methods\.tsv:1: .*lower case/);
    expect(() => parseFeatureWords('ифа\tи-фа\n', 'methods.tsv')).toThrow(/methods\.tsv:1: «и-фа» is not a word/);
  });

  it('rejects an alias file with a duplicate entry (compared normalized), a blank alias or an alias that is its own entry', () => {
    expect(() => parseAliasTable('Прием ЛОР\tОсмотр ЛОР\n# x\nприем лор\tКонсультация ЛОР\n', 'aliases.tsv')).toThrow(
      /aliases\.tsv:3: the entry «прием лор» is already listed \(line 1\)/,
    );
    expect(() => parseAliasTable('Прием ЛОР\tОсмотр ЛОР | \n', 'aliases.tsv')).toThrow(/aliases\.tsv:1: alias 1 is blank or holds a stray/);
    expect(() => parseAliasTable('Прием ЛОР\tприем ЛОР\n', 'aliases.tsv')).toThrow(/aliases\.tsv:1: .*own name/);
    expect(() => aliasTableFrom({ 'Прием ЛОР': 'Осмотр' } as never, 'mine.json')).toThrow(/mine\.json: the aliases of «Прием ЛОР» must be a list/);
  });

  it('reads an alias file as TSV or as JSON, and looks names up normalized', () => {
    const tsv = parseAliasTable('# mine\nПрием терапевта\tОсмотр участкового | Терапевт участковый\n', 'mine.tsv');
    const json = parseAliasTable('{ "Прием терапевта": ["Осмотр участкового", "Терапевт участковый"] }', 'mine.json');
    expect(tsv.aliasesOf('ПРИЁМ терапевта')).toEqual(['Осмотр участкового', 'Терапевт участковый']);
    expect(json.aliasesOf('Прием терапевта')).toEqual(tsv.aliasesOf('Прием терапевта'));
    expect(() => parseAliasTable('{ "a": [', 'mine.json')).toThrow(/mine\.json: not valid JSON/);
  });
});

describe('alias selection', () => {
  it('uses the bundled aliases for the bundled dictionary, silently', () => {
    const warnings: string[] = [];
    expect(aliasesForDictionary(services, undefined, (m) => warnings.push(m))).toBe(BUNDLED_ALIASES);
    expect(warnings).toEqual([]);
  });

  it('leaves the bundled aliases out, with a warning, for another dictionary', () => {
    const warnings: string[] = [];
    expect(aliasesForDictionary(TEST_SERVICES, undefined, (m) => warnings.push(m))).toBe(NO_ALIASES);
    expect(warnings[0]).toMatch(/справочник не встроенный.*PRICECAT_ALIASES/);
  });

  it('uses a given table and warns about its entries that name no entry', () => {
    const warnings: string[] = [];
    const mine = aliasTableFrom({ 'Прием терапевта': ['Терапевт участковый'], 'Нет такой услуги': ['Что-то'] }, 'mine.json');
    expect(aliasesForDictionary(TEST_SERVICES, mine, (m) => warnings.push(m))).toBe(mine);
    expect(warnings).toEqual(['1 из 2 записей mine.json не называют ни одной услуги справочника и ни к чему не применяются: «Нет такой услуги»']);
  });
});
