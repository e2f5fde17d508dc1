/**
 * What every API router needs: the catalogue it calls and the prefix it is mounted under.
 *
 * @module
 */
import type { Catalogue } from '@pricecat/core';

/** Dependencies handed to each `create<Resource>Router`. */
export interface RouteDeps {
  readonly catalogue: Catalogue;
  /** Normalized API prefix: `''` or `/segment...` without a trailing slash, e.g. `/api`. */
  readonly prefix: string;
}
