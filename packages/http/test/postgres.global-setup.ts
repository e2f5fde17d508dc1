/** Vitest globalSetup: one throwaway PostgreSQL cluster for the whole run (@pricecat/core/testing/postgres). */
export { setupPostgresForVitest as default } from '@pricecat/core/testing/postgres';
