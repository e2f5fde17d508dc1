/**
 * Test helper: everything the use cases ask a query port, as plain data, so two ports can be compared
 * (an incrementally updated one against a rebuild). Not exported from the package.
 */
import { POSITION_STATUSES } from '../contract/limits.js';
import { OFFER_KINDS, type QueryPort } from './query-port.js';
import type { Position, PositionStatus } from './records.js';

const STATUSES: readonly PositionStatus[] = POSITION_STATUSES;

/** Everything the use cases ask, as plain data. */
export async function queryAnswers(port: QueryPort, names: readonly string[]): Promise<unknown[]> {
  const ids = (slice: { readonly items: readonly Position[]; readonly total: number }) => [slice.total, slice.items.map((p) => p.position_id)];
  const directory = await port.directory();
  const result: unknown[] = [
    directory.services.map((s) => [s.service_id, s.name]),
    [...directory.clinicsById.keys()],
    [...directory.priceListsById.keys()],
    await port.countPositions(),
    ids(await port.queuePage({}, {})),
    ids(await port.queuePage({}, { limit: 3, offset: 2 })),
    ids(await port.findPositions()),
    ids(await port.findPositions({ status: ['queued', 'unrecognized'] }, { limit: 4, offset: 1 })),
    ids(await port.findPositions({ name_contains: 'узи' })),
  ];
  for (const clinic of ['c-1', 'c-2', 'c-3']) {
    result.push(await port.countPositions({ clinic_id: clinic }), ids(await port.queuePage({ clinic_id: clinic }, {})));
    result.push(ids(await port.findPositions({ clinic_id: clinic, status: 'normalized' })));
  }
  for (const service of ['s-0', 's-1', 's-2', 's-3']) result.push(ids(await port.findPositions({ service_id: service, status: 'normalized' })));
  for (const name of names) result.push(ids(await port.findPositions({ name_norm: name, status: ['queued', 'unrecognized'] })));
  for (const status of STATUSES) result.push(ids(await port.findPositions({ status })));
  for (const list of directory.priceListsById.keys()) result.push(ids(await port.findPositions({ price_list_id: list, status: 'normalized' })));
  for (const list of directory.priceListsById.keys()) {
    result.push(ids(await port.findPositions({ price_list_id: list, status: 'normalized', kind: OFFER_KINDS })));
    result.push(ids(await port.findPositions({ package_id: `p-${list.slice(3)}-0` })));
  }
  result.push(ids(await port.findPositions({ kind: 'component' })), ids(await port.findPositions({ kind: ['package'], clinic_id: 'c-1' })));
  for (const service of ['s-0', 's-1']) result.push(ids(await port.findPositions({ service_id: service, status: 'normalized', kind: OFFER_KINDS })));
  for (const id of ['p-1-0', 'p-2-1', 'nope']) {
    const position = await port.getPosition(id);
    result.push(position ? [position.status, position.kind, position.package_id] : null);
  }
  const batches: string[] = [];
  for await (const batch of port.eachPosition(7)) batches.push(...batch.map((p) => `${p.position_id}:${p.status}:${p.kind}:${p.package_id}`));
  result.push(batches);
  return result;
}

/** A small seeded PRNG, so a failing seed can be replayed. */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
