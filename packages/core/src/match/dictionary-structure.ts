/**
 * The dictionary's own structure (DESIGN §4, issue 15 part 1), derived from the dictionary, never listed by hand:
 *
 * - **classes** of duplicate entries, one service under several names or specialties: the same normalized name
 *   (`Доплер УЗИ плода` under Акушер-гинеколог and Гинеколог), or names that differ only by a bracketed gloss and share
 *   their tariff code (`Доплер УЗИ плода (доплерография)`), unless the bracket names a material or a method
 *   (`Калий K (кровь)` and `Калий K (моча)` are two tests);
 * - **sibling groups** of classes that share a base name and differ by method, material or tariff code: the same name
 *   once brackets, methods and materials are set aside (`Калий K (кровь)` / `(моча)`, `Хламидия (Chlamydia
 *   pneumoniae) IgG` / `(Chlamydia trachomatis) IgG`), or the same name but for its last word when the entries so
 *   named are one test split by method, one method each (`IgE специфический аллергены`, ИФА, B06.576.005 / `IgE
 *   специфический возбудители`, ИХЛ, B06.457.006).
 *
 * Each class carries the features that tell it from its siblings: its methods (stated in the name, named by its
 * category, or implied by its tariff code: the dictionary gives each laboratory method a last code group, and that
 * group's usual category names the method), its materials and its tariff codes. The methods and materials are data
 * (`assets/vocabulary/methods.tsv`, `materials.tsv`). sibling-decider.ts uses them to pick a sibling for a row.
 */
import type { Service } from '../storage/records.js';
import type { ServiceSibling, SiblingFeatures } from '../model/catalogue-types.js';
import { normalizeName } from './normalize.js';
import { termsKey, toTerms } from './terms.js';
import { VOCABULARY, type FeatureWords } from './vocabulary.js';

export type { SiblingFeatures };

/** One class: entries that are one service. */
export interface ServiceClass {
  /** `cls_` and the first entry's id without its `svc_`. */
  readonly class_id: string;
  /** Its entries, in dictionary order; the first is its representative. */
  readonly service_ids: readonly string[];
  readonly features: SiblingFeatures;
  /** Its sibling group, or null when it has no siblings. */
  readonly group_id: string | null;
}

/** Classes that share a base name and differ by method, material or tariff code. */
export interface SiblingGroup {
  /** `sib_` and the first class's id without its `cls_`. */
  readonly group_id: string;
  readonly class_ids: readonly string[];
}

/** A service's place in the structure, as the service read exposes it. */
export interface ServiceStructure {
  readonly class_id: string;
  /** The other classes of its sibling group, each with what tells it apart; `[]` when none. */
  readonly siblings: readonly ServiceSibling[];
}

export interface DictionaryStructure {
  readonly classes: readonly ServiceClass[];
  readonly groups: readonly SiblingGroup[];
  /** The class of a service; undefined for a service the dictionary lacks. */
  classOf(serviceId: string): ServiceClass | undefined;
  classById(classId: string): ServiceClass | undefined;
  /** The classes of a service's sibling group, its own among them; `[]` when it has no siblings. */
  siblingClassesOf(serviceId: string): readonly ServiceClass[];
  /** The class and siblings of a service, for the service read; undefined for a service the dictionary lacks. */
  structureOf(serviceId: string): ServiceStructure | undefined;
  /** The method implied by a tariff code's prefix and suffix (`B06…006` → `ихл`), or null. */
  methodOfCodeShape(shape: string): string | null;
}

/** The features (method or material keys) `terms` state. */
export function featuresOf(terms: readonly string[], words: FeatureWords): string[] {
  const found: string[] = [];
  for (const [key, pattern] of words) if (terms.some((term) => pattern.test(term))) found.push(key);
  return found;
}

/** `B06.576.005` → `B06…005`: the section and the last group, which names the method in laboratory codes. */
export function codeShapeOf(tariffCode: string): string {
  const groups = tariffCode.split('.');
  return `${groups[0]}…${groups[2] ?? ''}`;
}

/** Derives the structure of a dictionary; cached per services array (the read model and the matcher share it). */
export function dictionaryStructureOf(services: readonly Service[]): DictionaryStructure {
  let structure = CACHE.get(services);
  if (!structure) {
    structure = deriveStructure(services);
    CACHE.set(services, structure);
  }
  return structure;
}

// ---- internal helpers ----

const CACHE = new WeakMap<readonly Service[], DictionaryStructure>();

/** A shape's usual category must hold at least this share of its entries to lend the shape its method. */
const SHAPE_MAJORITY = 0.8;

interface Prepared {
  readonly service: Service;
  readonly terms: readonly string[];
  /** Terms outside brackets. */
  readonly outside: readonly string[];
  /** Terms inside brackets. */
  readonly inside: readonly string[];
  readonly statedMethods: readonly string[];
  readonly materials: readonly string[];
}

function deriveStructure(services: readonly Service[]): DictionaryStructure {
  const { methods, materials } = VOCABULARY;
  const prepared: Prepared[] = services.map((service) => {
    const terms = toTerms(normalizeName(service.name));
    const outside = toTerms(normalizeName(service.name.replace(/\([^)]*\)/g, ' ')));
    const inside = toTerms(normalizeName([...service.name.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]).join(' ')));
    const categoryMethods = featuresOf(toTerms(normalizeName(service.category)), methods);
    return {
      service,
      terms,
      outside,
      inside,
      statedMethods: [...new Set([...featuresOf(terms, methods), ...categoryMethods])],
      materials: featuresOf(terms, materials),
    };
  });
  const shapeMethods = methodsOfCodeShapes(prepared);

  // Classes: same normalized name; or same name outside brackets and same tariff code, brackets naming no material
  // or method (a gloss).
  const classes = new UnionFind(prepared.length);
  const byName = new Map<string, number>();
  const byGlossedName = new Map<string, number>();
  prepared.forEach((entry, i) => {
    joinOn(byName, entry.service.name_norm, i, classes);
    const code = entry.service.tariff_code;
    const glossOnly = featuresOf(entry.inside, methods).length === 0 && featuresOf(entry.inside, materials).length === 0;
    if (code && glossOnly && entry.outside.length > 0) joinOn(byGlossedName, `${code} ${termsKey(entry.outside)}`, i, classes);
  });
  const members = new Map<number, number[]>();
  prepared.forEach((_, i) => pushTo(members, classes.find(i), i));

  const classList: { id: string; entries: number[]; features: SiblingFeatures }[] = [];
  const classIndexOf = new Map<number, number>();
  for (const entries of members.values()) {
    const codes = unique(entries.map((i) => prepared[i]!.service.tariff_code).filter((c): c is string => c !== null));
    const shapes = unique(codes.map(codeShapeOf));
    const implied = shapes.map((shape) => shapeMethods.get(shape)).filter((m): m is string => m !== undefined);
    const features: SiblingFeatures = {
      methods: unique([...entries.flatMap((i) => prepared[i]!.statedMethods), ...implied]),
      materials: unique(entries.flatMap((i) => prepared[i]!.materials)),
      tariff_codes: codes,
      code_shapes: shapes,
    };
    for (const i of entries) classIndexOf.set(i, classList.length);
    classList.push({ id: `cls_${prepared[entries[0]!]!.service.service_id.replace(/^svc_/, '')}`, entries, features });
  }

  // Sibling groups: classes sharing a base name (outside brackets, without methods and materials), or the same name
  // but for its last word when their methods differ.
  const siblings = new UnionFind(classList.length);
  const byBase = new Map<string, number>();
  const byStem = new Map<string, number[]>();
  classList.forEach((cls, c) => {
    const entry = prepared[cls.entries[0]!]!;
    const base = entry.outside.filter((term) => featuresOf([term], methods).length === 0 && featuresOf([term], materials).length === 0);
    if (base.length > 0) joinOn(byBase, termsKey(base), c, siblings);
    if (entry.terms.length >= 3) pushTo(byStem, entry.terms.slice(0, -1).join(' '), c);
  });
  for (const sharing of byStem.values()) {
    // Split by method one to one (each class one method, no method twice): `IgE специфический` аллергены (ИФА) /
    // возбудители (ИХЛ). `Гепатит B` HBsAg (ИФА) / HBcAg (ИФА) / HBeAg (ИХЛ) are markers, not one test by two methods.
    const methodsOf = sharing.map((c) => classList[c]!.features.methods);
    const oneToOne = methodsOf.every((m) => m.length === 1) && new Set(methodsOf.map((m) => m[0])).size === sharing.length;
    if (sharing.length >= 2 && oneToOne) for (const c of sharing.slice(1)) siblings.union(sharing[0]!, c);
  }
  const groupMembers = new Map<number, number[]>();
  classList.forEach((_, c) => pushTo(groupMembers, siblings.find(c), c));
  const groupOf = new Map<number, SiblingGroup>();
  const groups: SiblingGroup[] = [];
  for (const list of groupMembers.values()) {
    if (list.length < 2) continue;
    const group: SiblingGroup = { group_id: `sib_${classList[list[0]!]!.id.replace(/^cls_/, '')}`, class_ids: list.map((c) => classList[c]!.id) };
    groups.push(group);
    for (const c of list) groupOf.set(c, group);
  }

  const serviceClasses: ServiceClass[] = classList.map((cls, c) => ({
    class_id: cls.id,
    service_ids: cls.entries.map((i) => prepared[i]!.service.service_id),
    features: cls.features,
    group_id: groupOf.get(c)?.group_id ?? null,
  }));
  const classById = new Map(serviceClasses.map((cls) => [cls.class_id, cls]));
  const classOfService = new Map<string, ServiceClass>();
  prepared.forEach((entry, i) => classOfService.set(entry.service.service_id, serviceClasses[classIndexOf.get(i)!]!));
  const groupById = new Map(groups.map((group) => [group.group_id, group]));
  const nameOf = new Map(services.map((s) => [s.service_id, s.name]));
  const siblingClassesOf = (serviceId: string): ServiceClass[] => {
    const group = groupById.get(classOfService.get(serviceId)?.group_id ?? '');
    return group ? group.class_ids.map((id) => classById.get(id)!) : [];
  };

  return {
    classes: serviceClasses,
    groups,
    classOf: (serviceId) => classOfService.get(serviceId),
    classById: (classId) => classById.get(classId),
    siblingClassesOf,
    structureOf(serviceId) {
      const own = classOfService.get(serviceId);
      if (!own) return undefined;
      const others = siblingClassesOf(serviceId).filter((cls) => cls !== own);
      return {
        class_id: own.class_id,
        siblings: others.map((cls) => ({
          class_id: cls.class_id,
          service_id: cls.service_ids[0]!,
          name: nameOf.get(cls.service_ids[0]!)!,
          features: cls.features,
        })),
      };
    },
    methodOfCodeShape: (shape) => shapeMethods.get(shape) ?? null,
  };
}

/**
 * The method each tariff-code shape implies: the method its usual category names (at least {@link SHAPE_MAJORITY}
 * of the entries of that shape, two at least), e.g. `B06…005` → `ифа` (category ИФА), `B06…006` → `ихл`.
 */
function methodsOfCodeShapes(prepared: readonly Prepared[]): Map<string, string> {
  const categories = new Map<string, Map<string, number>>();
  for (const entry of prepared) {
    if (!entry.service.tariff_code) continue;
    const shape = codeShapeOf(entry.service.tariff_code);
    const counts = categories.get(shape) ?? new Map<string, number>();
    counts.set(entry.service.category, (counts.get(entry.service.category) ?? 0) + 1);
    categories.set(shape, counts);
  }
  const methodOf = new Map<string, string>();
  for (const [shape, counts] of categories) {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const [category, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const methods = featuresOf(toTerms(normalizeName(category)), VOCABULARY.methods);
    if (total >= 2 && count / total >= SHAPE_MAJORITY && methods.length === 1) methodOf.set(shape, methods[0]!);
  }
  return methodOf;
}

function joinOn<K>(first: Map<K, number>, key: K, i: number, sets: UnionFind): void {
  const seen = first.get(key);
  if (seen === undefined) first.set(key, i);
  else sets.union(seen, i);
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Disjoint sets over 0..n-1; `find` returns the smallest member's root so that ids follow dictionary order. */
class UnionFind {
  private readonly parent: number[];
  constructor(size: number) {
    this.parent = Array.from({ length: size }, (_, i) => i);
  }
  find(i: number): number {
    let root = i;
    while (this.parent[root] !== root) root = this.parent[root]!;
    while (this.parent[i] !== root) [this.parent[i], i] = [root, this.parent[i]!];
    return root;
  }
  union(a: number, b: number): void {
    const [x, y] = [this.find(a), this.find(b)];
    if (x !== y) this.parent[Math.max(x, y)] = Math.min(x, y);
  }
}
