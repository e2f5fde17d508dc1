/**
 * Decides between sibling entries (dictionary-structure.ts) for a row whose chosen entry has siblings: the row's
 * tariff code, its stated method or material, or the prefix and suffix of its code pick the sibling. `IgE
 * специфический …` with code `B06.457.006`, or stated `ИХЛ`, is `IgE специфический возбудители`; with neither, the
 * choice stays and the group is returned, so that the queue can offer it.
 *
 * The evidence narrows the group step by step: what the row states first — its method, its material —, then its
 * exact tariff code (issue 15: the code decides where the row states neither), then the words of the row's name and section that only some siblings' names have
 * (`аллергенам` in `Определение специфических IgE к пищевым аллергенам` names `IgE специфический аллергены`), and
 * last the code's shape; a step that would leave no class is skipped. A sibling is chosen only when one class
 * remains and it is not the chosen one's.
 */
import type { Service } from '../storage/records.js';
import { isAllergenTest } from './allergen-tests.js';
import { codeShapeOf, featuresOf, type DictionaryStructure, type ServiceClass } from './dictionary-structure.js';
import { normalizeName } from './normalize.js';
import { tariffCodesOf } from './tariff-code.js';
import { toTerms } from './terms.js';
import { VOCABULARY } from './vocabulary.js';

/** The row as the decider reads it. */
export interface SiblingRow {
  readonly raw_name: string;
  readonly code: string | null;
  readonly section: string | null;
}

/** What decided, or that nothing did. */
export type SiblingDecision =
  | { readonly kind: 'none' }
  | { readonly kind: 'kept'; readonly by: SiblingEvidence }
  | { readonly kind: 'switched'; readonly service_id: string; readonly by: SiblingEvidence }
  | { readonly kind: 'undecided'; readonly group: readonly string[] };

/** The evidence that decided: the row's exact tariff code, its method, its material, or its code's shape. */
export type SiblingEvidence = 'name' | 'code' | 'method' | 'material' | 'code_shape';

/** Decides for one row and the service the cascade chose. */
export interface SiblingDecider {
  decide(row: SiblingRow, serviceId: string): SiblingDecision;
}

export function createSiblingDecider(structure: DictionaryStructure, services: readonly Service[]): SiblingDecider {
  const categoryOf = new Map(services.map((s) => [s.service_id, s.category]));
  const nameOf = new Map(services.map((s) => [s.service_id, s.name]));
  const ownWords = new Map<string, ReadonlySet<string>>();
  /** The terms of a class's name that no other class of its group has. */
  const ownWordsOf = (cls: ServiceClass, group: readonly ServiceClass[]): ReadonlySet<string> => {
    let words = ownWords.get(cls.class_id);
    if (!words) {
      const termsOf = (c: ServiceClass) => toTerms(normalizeName(nameOf.get(c.service_ids[0]!)!));
      const others = new Set(group.filter((c) => c !== cls).flatMap(termsOf));
      words = new Set(termsOf(cls).filter((term) => !others.has(term)));
      ownWords.set(cls.class_id, words);
    }
    return words;
  };
  return {
    decide(row, serviceId) {
      const group = structure.siblingClassesOf(serviceId);
      if (group.length === 0) return { kind: 'none' };
      const own = structure.classOf(serviceId)!;
      const evidence = rowEvidence(row, structure);
      let remaining: readonly ServiceClass[] = group;
      let decidedBy: SiblingEvidence | null = null;
      const steps: readonly [SiblingEvidence, (cls: ServiceClass) => boolean, boolean][] = [
        ['method', (cls) => cls.features.methods.some((m) => evidence.methods.includes(m)), evidence.methods.length > 0],
        ['material', (cls) => cls.features.materials.some((m) => evidence.materials.includes(m)), evidence.materials.length > 0],
        ['code', (cls) => cls.features.tariff_codes.some((code) => evidence.codes.includes(code)), evidence.codes.length > 0],
        ['name', (cls) => evidence.terms.some((term) => ownWordsOf(cls, group).has(term)), evidence.terms.length > 0],
        ['code_shape', (cls) => cls.features.code_shapes.some((shape) => evidence.shapes.includes(shape)), evidence.shapes.length > 0],
      ];
      for (const [kind, fits, applies] of steps) {
        if (!applies || remaining.length === 1) continue;
        const narrowed = remaining.filter(fits);
        if (narrowed.length > 0 && narrowed.length < remaining.length) {
          remaining = narrowed;
          decidedBy ??= kind;
        }
      }
      if (remaining.length === 1 && decidedBy !== null) {
        const chosen = remaining[0]!;
        if (chosen === own) return { kind: 'kept', by: decidedBy };
        return { kind: 'switched', service_id: representativeOf(chosen, row, categoryOf), by: decidedBy };
      }
      return { kind: 'undecided', group: group.map((cls) => cls.service_ids[0]!) };
    },
  };
}

// ---- internal helpers ----

interface RowEvidence {
  /** The terms of its name and section. */
  readonly terms: readonly string[];
  readonly codes: readonly string[];
  readonly shapes: readonly string[];
  readonly methods: readonly string[];
  readonly materials: readonly string[];
}

/** How the cascade reads an allergen test, whatever the allergen is called (cascade.ts, allergen-tests.ts). */
const ALLERGEN_TEST_TERMS = toTerms(normalizeName('IgE специфический аллерген'));

/**
 * What the row says: the terms of its name and section, read as the cascade reads them (an allergen by its code,
 * `Кунжут, f10`, is an allergen test); its tariff codes (look-alike letters read as Latin, tariff-code.ts), their shapes, the methods
 * and materials its name states (else its section's), and the method its code's shape implies.
 */
function rowEvidence(row: SiblingRow, structure: DictionaryStructure): RowEvidence {
  const codes = tariffCodesOf(row.code);
  const shapes = [...new Set(codes.map(codeShapeOf))];
  const nameTerms = toTerms(normalizeName(row.raw_name));
  const sectionTerms = row.section ? toTerms(normalizeName(row.section)) : [];
  const stated = (words: typeof VOCABULARY.methods) => {
    const fromName = featuresOf(nameTerms, words);
    return fromName.length > 0 ? fromName : featuresOf(sectionTerms, words);
  };
  const implied = shapes.map((shape) => structure.methodOfCodeShape(shape)).filter((m): m is string => m !== null);
  const methods = stated(VOCABULARY.methods);
  return {
    terms: [...new Set([...nameTerms, ...sectionTerms, ...(isAllergenTest(row.raw_name, nameTerms, sectionTerms) ? ALLERGEN_TEST_TERMS : [])])],
    codes,
    shapes,
    methods: methods.length > 0 ? methods : implied,
    materials: stated(VOCABULARY.materials),
  };
}

/** The entry of a class to match: the one whose category the row's section names, else the first. */
function representativeOf(cls: ServiceClass, row: SiblingRow, categoryOf: ReadonlyMap<string, string>): string {
  const section = row.section ? normalizeName(row.section) : '';
  return cls.service_ids.find((id) => section.length > 0 && section.includes(normalizeName(categoryOf.get(id) ?? '-'))) ?? cls.service_ids[0]!;
}
