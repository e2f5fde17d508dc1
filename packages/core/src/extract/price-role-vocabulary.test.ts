import { describe, expect, it } from 'vitest';
import { parsePriceRoles, priceRoleRules } from './price-role-vocabulary.js';

describe('extract: the price-role vocabulary (assets/vocabulary/price-roles.tsv)', () => {
  it('loads the bundled file with header, also and title rules', () => {
    const kinds = new Set(priceRoleRules().map((r) => r.kind));
    expect([...kinds].sort()).toEqual(['also', 'header', 'title']);
  });
  it('names the file and line of a rule with an unknown role, kind or a broken expression', () => {
    expect(() => parsePriceRoles('resident\theader\tцена\nforeigner\theader\tиностран\n', 'x.tsv')).toThrow(/x\.tsv:2: unknown role «foreigner»/);
    expect(() => parsePriceRoles('resident\tfooter\tцена\n', 'x.tsv')).toThrow(/x\.tsv:1: unknown kind «footer»/);
    expect(() => parsePriceRoles('# comment\nresident\theader\t(цена\n', 'x.tsv')).toThrow(/x\.tsv:2: not a valid regular expression/);
    expect(() => parsePriceRoles('resident\theader\n', 'x.tsv')).toThrow(/x\.tsv:1: expected role, kind and expression/);
  });
  it('refuses a file without header or title rules', () => {
    expect(() => parsePriceRoles('resident\theader\tцена\n', 'x.tsv')).toThrow(/no title rule/);
  });
});
