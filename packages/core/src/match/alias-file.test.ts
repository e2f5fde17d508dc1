import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../catalogue/create-catalogue.js';
import { aliasesFromEnv, loadAliasFile } from './alias-file.js';
import { TEST_SERVICES } from './test-services.js';

describe('alias files', () => {
  it('reads the file PRICECAT_ALIASES names; a deployment with its own dictionary matches through it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pricecat-aliases-'));
    const file = join(dir, 'aliases.mine.tsv');
    await writeFile(file, '# our aliases\nМочевина\tКарбамид\nНет такой услуги\tЧто-то\n');
    const aliases = await aliasesFromEnv({ PRICECAT_ALIASES: file });
    expect(aliases?.aliasesOf('Мочевина')).toEqual(['Карбамид']);
    expect(await aliasesFromEnv({ PRICECAT_ALIASES: ' ' })).toBeUndefined();

    const warnings: string[] = [];
    const catalogue = await createCatalogue({ services: TEST_SERVICES, aliases, warn: (m) => warnings.push(m) });
    const [result] = await catalogue.reconcile([{ query: 'Карбамид' }]);
    expect(result![0]).toMatchObject({ id: 'svc_urea', match: true });
    expect(warnings).toEqual(['1 из 2 записей aliases.mine.tsv не называют ни одной услуги справочника и ни к чему не применяются: «Нет такой услуги»']);
  });

  it('names the missing file and the bad line', async () => {
    await expect(loadAliasFile('/nonexistent/aliases.tsv')).rejects.toThrow(/Файл сокращений \/nonexistent\/aliases\.tsv не найден/);
    const dir = await mkdtemp(join(tmpdir(), 'pricecat-aliases-'));
    const file = join(dir, 'bad.tsv');
    await writeFile(file, 'Мочевина\tКарбамид\nМочевина Карбамид\n');
    await expect(loadAliasFile(file)).rejects.toThrow(/bad\.tsv:2: expected 2 fields separated by a TAB/);
  });
});
