export type * from './catalogue.js';
export { createCatalogue, type CatalogueDeps } from './create-catalogue.js';
export { median } from './statistics.js';
export { DEFAULT_LIMIT, MAX_LIMIT } from './paging.js';
