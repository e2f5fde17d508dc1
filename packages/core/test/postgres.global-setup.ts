/** Vitest globalSetup: one throwaway PostgreSQL cluster for the whole run (test/helpers/postgres-cluster.ts). */
export { setupPostgresForVitest as default } from './helpers/postgres-cluster.js';
