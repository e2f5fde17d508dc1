/**
 * The words that give a price column its role, read from `assets/vocabulary/price-roles.tsv` (a linguist edits
 * the file, not the code). This module parses and checks it; every error names the file and the line.
 */
import priceRolesText from '../../assets/vocabulary/price-roles.tsv';
import { PricecatError } from '../errors.js';
import type { PriceRole } from './price-row.js';
import { detail } from '../messages/message-catalogue.js';

/** Where a rule applies: a column header (first match decides), a second role of a header, a table's title. */
export type RoleRuleKind = 'header' | 'also' | 'title';

/** One rule of the file. */
export interface RoleRule {
  readonly role: PriceRole;
  readonly kind: RoleRuleKind;
  readonly pattern: RegExp;
}

const ROLES: readonly PriceRole[] = ['resident', 'nonresident', 'nonresident_far', 'without_vat', 'insurance', 'partner', 'other'];
const KINDS: readonly RoleRuleKind[] = ['header', 'also', 'title'];
const FILE = 'price-roles.tsv';

/** Parses a price-role file (`role<TAB>header|also|title<TAB>regular expression`, `#` comments). */
export function parsePriceRoles(text: string, file = FILE): RoleRule[] {
  const rules: RoleRule[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const where = `${file}:${i + 1}`;
    const parts = line.split('\t').map((p) => p.trim());
    if (parts.length !== 3 || parts.some((p) => p === '')) fail(`${where}: expected role, kind and expression separated by TABs, found «${line}»`);
    const [role, kind, source] = parts as [string, string, string];
    if (!(ROLES as readonly string[]).includes(role)) fail(`${where}: unknown role «${role}»; expected one of ${ROLES.join(', ')}`);
    if (!(KINDS as readonly string[]).includes(kind)) fail(`${where}: unknown kind «${kind}»; expected one of ${KINDS.join(', ')}`);
    let pattern: RegExp;
    try {
      pattern = new RegExp(source, 'u');
    } catch (error) {
      fail(`${where}: not a valid regular expression (${(error as Error).message})`);
    }
    rules.push({ role: role as PriceRole, kind: kind as RoleRuleKind, pattern });
  });
  for (const kind of ['header', 'title'] as const) if (!rules.some((r) => r.kind === kind)) fail(`${file}: no ${kind} rule`);
  return rules;
}

let bundled: RoleRule[] | undefined;

/** The bundled rules (parsed once). */
export function priceRoleRules(): readonly RoleRule[] {
  return (bundled ??= parsePriceRoles(priceRolesText));
}

/** The role the first matching rule of `kind` gives `key` (key text), or `null`. */
export function firstRole(key: string, kind: 'header' | 'title'): PriceRole | null {
  return priceRoleRules().find((r) => r.kind === kind && r.pattern.test(key))?.role ?? null;
}

/** The second roles the `also` rules give `key`, other than `primary`. */
export function alsoRoles(key: string, primary: PriceRole): PriceRole[] {
  const out: PriceRole[] = [];
  for (const r of priceRoleRules()) if (r.kind === 'also' && r.role !== primary && !out.includes(r.role) && r.pattern.test(key)) out.push(r.role);
  return out;
}

function fail(message: string): never {
  throw new PricecatError('INVALID_INPUT', detail('PRICE_ROLES_INVALID', { problem: message }));
}
