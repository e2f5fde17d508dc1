/**
 * The embedded store's decision log on disk (`decisions.jsonl`): appended, never rewritten; a torn last line cut
 * off and kept, a damaged line before it refused; a data directory of the previous layout (the log inside
 * catalogue.json, version 2) converted at start.
 */
import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLowdbStorage } from './lowdb.js';
import type { Decision, Position } from './records.js';
import { samplePosition, sampleSynonym, sampleWrite } from './sample-records.js';
import type { Storage } from './storage.js';

const QUEUED = { service_id: null, method: null, status: 'queued', confidence: 0.5 } as const;

/** A store with three queued positions, each matched by a decision of its own. */
async function storeWithDecisions(dir: string, warnings: string[] = []): Promise<{ store: Storage; positions: Position[]; decisions: Decision[] }> {
  const store = await createLowdbStorage({ dir, warn: (message) => warnings.push(message) });
  const positions = ['p-1', 'p-2', 'p-3'].map((id) => samplePosition(id, 'pl-1', 'c-1', { ...QUEUED, name_norm: `имя ${id}` }));
  await store.savePriceList(sampleWrite('c-1', 'pl-1', positions));
  const decisions: Decision[] = [];
  for (const [i, position] of positions.entries()) {
    const decision = matchDecision(`d-${i + 1}`, position);
    await store.saveDecision({ decision, positions: [matched(position)] });
    decisions.push(decision);
  }
  return { store, positions, decisions };
}

function matchDecision(id: string, position: Position): Decision {
  const created = `2024-03-0${id.slice(-1)}T10:00:00.000Z`;
  return {
    decision_id: id,
    action: 'match',
    created_at: created,
    service_id: 's-1',
    previous: [position],
    synonym: { ...sampleSynonym(position.name_norm, 's-1'), created_at: created },
    replaced_synonym: null,
    skipped_items: [],
  };
}

function matched(position: Position): Position {
  return { ...position, service_id: 's-1', method: 'manual', status: 'normalized', confidence: 1 };
}

describe('storage: lowdb decision log', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pricecat-log-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('appends an undo after the decision it takes back: what was written before is never rewritten', async () => {
    const { store } = await storeWithDecisions(dir);
    const log = join(dir, 'decisions.jsonl');
    const before = await readFile(log, 'utf-8');
    await store.revertDecision('d-2');
    await store.revertDecision('d-404'); // unknown: nothing is written
    await store.close();
    const after = await readFile(log, 'utf-8');
    expect(after.startsWith(before)).toBe(true);
    expect(JSON.parse(after.slice(before.length))).toEqual({ undo: 'd-2', set: [['p-2', null, null, 0.5, 'queued']] });
    expect(after.slice(before.length).endsWith('\n')).toBe(true);
  });

  it('refuses a decision it cannot append, showing nothing of it, and decides again once the disk allows', async () => {
    const store = await createLowdbStorage({ dir });
    const positions = ['p-1', 'p-2'].map((id) => samplePosition(id, 'pl-1', 'c-1', { ...QUEUED, name_norm: `имя ${id}` }));
    await store.savePriceList(sampleWrite('c-1', 'pl-1', positions));
    // A real failure of the file system: a directory where the log should be (the store opens it at its first append).
    const log = join(dir, 'decisions.jsonl');
    await unlink(log);
    await mkdir(log);
    const failed = await store.saveDecision({ decision: matchDecision('d-1', positions[0]!), positions: [matched(positions[0]!)] }).catch((e: unknown) => e);
    expect((failed as Error).message).toContain(`Не удалось записать в папку данных ${dir}`);
    expect(await store.listDecisions()).toEqual([]);
    expect(await store.getPosition('p-1')).toEqual(positions[0]);
    expect(await store.listLearnedSynonyms()).toEqual([]);
    await rmdir(log);
    await writeFile(log, '');
    const decision = matchDecision('d-2', positions[1]!);
    await store.saveDecision({ decision, positions: [matched(positions[1]!)] });
    await store.close();
    const reopened = await createLowdbStorage({ dir });
    try {
      expect(await reopened.listDecisions()).toEqual([decision]);
      expect(await reopened.listPositions()).toEqual([positions[0], matched(positions[1]!)]);
    } finally {
      await reopened.close();
    }
  });

  it('cuts a torn last line off (a decision killed mid-append), keeps its bytes beside the log, says so in Russian, and starts with every decision before it', async () => {
    const { store, positions, decisions } = await storeWithDecisions(dir);
    await store.close();
    const log = join(dir, 'decisions.jsonl');
    const whole = await readFile(log);
    // What a kill -9 in the middle of the fourth append leaves: part of a line, no newline (the Cyrillic cut mid-letter).
    const torn = Buffer.from('{"decision":{"decision_id":"d-4","action":"match","created_at":"2024-03-04T10:00:00.000Z","previous":[{"position_id":"p-1","raw_name":"Прием');
    await appendFile(log, torn.subarray(0, torn.length - 1));
    const warnings: string[] = [];
    const reopened = await createLowdbStorage({ dir, warn: (message) => warnings.push(message) });
    try {
      expect(await reopened.listDecisions()).toEqual(decisions);
      expect(await reopened.listPositions()).toEqual(positions.map(matched));
      expect(await readFile(log)).toEqual(whole);
      const copies = (await readdir(dir)).filter((name) => name.startsWith('decisions.jsonl.torn-'));
      expect(copies).toHaveLength(1);
      expect(await readFile(join(dir, copies[0]!))).toEqual(torn.subarray(0, torn.length - 1));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('[DECISION_LOG_TAIL_CUT]');
      expect(warnings[0]).toContain(log);
      expect(warnings[0]).toContain(copies[0]);
      expect(warnings[0]).toMatch(/незаконченной строке/);
      // The log goes on after the cut.
      await reopened.revertDecision('d-3');
    } finally {
      await reopened.close();
    }
    const third = await createLowdbStorage({ dir });
    try {
      expect((await third.listDecisions()).map((d) => d.decision_id)).toEqual(['d-1', 'd-2']);
    } finally {
      await third.close();
    }
  });

  it('refuses to start over a damaged line before the last one, naming the file and the line, and changes nothing', async () => {
    const { store } = await storeWithDecisions(dir);
    await store.close();
    const log = join(dir, 'decisions.jsonl');
    const lines = (await readFile(log, 'utf-8')).split('\n');
    lines[1] = lines[1]!.slice(0, 40); // a line cut short in the middle of the file: not a crash, damage
    const damaged = lines.join('\n');
    await writeFile(log, damaged, 'utf-8');
    const files = await readdir(dir);
    const catalogue = await readFile(join(dir, 'catalogue.json'), 'utf-8');
    await expect(createLowdbStorage({ dir })).rejects.toThrow(`Файл данных ${log} повреждён (строка 2:`);
    expect(await readFile(log, 'utf-8')).toBe(damaged);
    expect(await readFile(join(dir, 'catalogue.json'), 'utf-8')).toBe(catalogue);
    expect(await readdir(dir)).toEqual(files);
  });

  it('refuses an undo of a decision the log does not hold above it', async () => {
    const { store } = await storeWithDecisions(dir);
    await store.close();
    const log = join(dir, 'decisions.jsonl');
    const text = await readFile(log, 'utf-8');
    await writeFile(log, `{"undo":"d-9","set":[]}\n${text}`, 'utf-8');
    await expect(createLowdbStorage({ dir })).rejects.toThrow(/строка 1: отмена решения d-9/);
  });

  it('converts a data directory whose catalogue.json holds the log (version 2): log first, a backup, then the new catalogue', async () => {
    // A version 2 directory as the previous pricecat wrote it: the decisions inside catalogue.json, their positions
    // in the lists and the journal.
    const { store, positions, decisions } = await storeWithDecisions(dir);
    await store.setSetting('language', 'ru'); // a write of catalogue.json: the decided positions go to the journal
    await store.close();
    const current = JSON.parse(await readFile(join(dir, 'catalogue.json'), 'utf-8'));
    const logged = (await readFile(join(dir, 'decisions.jsonl'), 'utf-8')).split('\n').filter(Boolean).map((line) => JSON.parse(line).decision);
    const { decision_log: _log, ...rest } = current;
    const v2 = JSON.stringify({ ...rest, version: 2, decisions: logged });
    await writeFile(join(dir, 'catalogue.json'), v2, 'utf-8');
    await unlink(join(dir, 'decisions.jsonl'));

    const check = async () => {
      const converted = await createLowdbStorage({ dir });
      try {
        expect(await converted.listDecisions()).toEqual(decisions);
        expect(await converted.listPositions()).toEqual(positions.map(matched));
        expect(await converted.listLearnedSynonyms()).toEqual(decisions.map((d) => d.synonym));
        expect(await converted.getSetting('language')).toBe('ru');
        await converted.revertDecision('d-3');
        expect((await converted.getPosition('p-3'))?.status).toBe('queued');
      } finally {
        await converted.close();
      }
      const catalogue = JSON.parse(await readFile(join(dir, 'catalogue.json'), 'utf-8'));
      expect(catalogue.version).toBe(3);
      expect(catalogue.decisions).toBeUndefined();
      expect(await readFile(join(dir, 'catalogue.json.v2-backup'), 'utf-8')).toBe(v2);
    };
    // A conversion killed after writing the log but before the new catalogue.json: the version 2 file is still in
    // charge, and the next start converts again over the leftover log.
    await writeFile(join(dir, 'decisions.jsonl'), '{"decision": "half of a conversion', 'utf-8');
    await check();
    expect((await readFile(join(dir, 'decisions.jsonl'), 'utf-8')).split('\n').filter(Boolean)).toHaveLength(4);
    // Started again: nothing more to convert; the undo above stays.
    const again = await createLowdbStorage({ dir });
    try {
      expect((await again.listDecisions()).map((d) => d.decision_id)).toEqual(['d-1', 'd-2']);
    } finally {
      await again.close();
    }
    expect(existsSync(join(dir, 'catalogue.json.v2-backup'))).toBe(true);
  });

  it('refuses a version 2 catalogue.json with a damaged decision, converting nothing', async () => {
    const { store } = await storeWithDecisions(dir);
    await store.close();
    const { decision_log: _log, ...rest } = JSON.parse(await readFile(join(dir, 'catalogue.json'), 'utf-8'));
    const v2 = JSON.stringify({ ...rest, version: 2, decisions: [{ action: 'match', previous: [] }] });
    await writeFile(join(dir, 'catalogue.json'), v2, 'utf-8');
    await unlink(join(dir, 'decisions.jsonl'));
    await expect(createLowdbStorage({ dir })).rejects.toThrow(/catalogue\.json повреждён \(«decisions»\[0\]: это не решение/);
    expect(await readFile(join(dir, 'catalogue.json'), 'utf-8')).toBe(v2);
    expect(existsSync(join(dir, 'decisions.jsonl'))).toBe(false);
    expect(existsSync(join(dir, 'catalogue.json.v2-backup'))).toBe(false);
  });

  it('accounts for the log in catalogue.json every few thousand decisions, so a start replays little of it', async () => {
    const store = await createLowdbStorage({ dir });
    const positions = Array.from({ length: 2100 }, (_, i) => samplePosition(`p-${i}`, 'pl-1', 'c-1', { ...QUEUED, name_norm: `имя ${i}` }));
    await store.savePriceList(sampleWrite('c-1', 'pl-1', positions));
    const applied = async () => JSON.parse(await readFile(join(dir, 'catalogue.json'), 'utf-8')).decision_log.applied as number;
    expect(await applied()).toBe(0);
    for (const position of positions) {
      const decision: Decision = { ...matchDecision('d-0', position), decision_id: `d-${position.position_id}`, synonym: null };
      await store.saveDecision({ decision, positions: [matched(position)] });
    }
    // The checkpoint ran after the 2,000th line (queued before the next decision): the 100 after it are replayed.
    const lines = (await readFile(join(dir, 'decisions.jsonl'), 'utf-8')).split('\n');
    expect(await applied()).toBe(Buffer.byteLength(lines.slice(0, 2000).join('\n')) + 1);
    await store.close();
    const reopened = await createLowdbStorage({ dir });
    try {
      expect(await reopened.decisionPage!({ limit: 1, offset: 0 })).toMatchObject({ total: 2100, decisions: [{ decision_id: 'd-p-2099' }] });
      expect((await reopened.listPositions({ status: 'normalized' })).length).toBe(2100);
    } finally {
      await reopened.close();
    }
  });
});
