/**
 * Positions read by id for a use case that takes many at once (a proposal's members, the twins of an undone match).
 */
import type { Position } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';

/**
 * The positions of these ids, by id: in one read when the store offers `getPositions` (PostgreSQL: one query for
 * hundreds of ids, not one round trip each), else `getOne` per id (the caller's source: the read side, where a
 * lookup costs nothing, or the store itself). Ids without a position are left out.
 */
export async function positionsById(
  storage: Pick<Storage, 'getPositions'>,
  positionIds: readonly string[],
  getOne: (positionId: string) => Promise<Position | null | undefined>,
): Promise<Map<string, Position>> {
  if (storage.getPositions) return new Map((await storage.getPositions(positionIds)).map((p) => [p.position_id, p]));
  const byId = new Map<string, Position>();
  for (const id of positionIds) {
    const position = await getOne(id);
    if (position) byId.set(id, position);
  }
  return byId;
}
