/**
 * The handler of every route of the table (`@pricecat/core/contract` `routes`) that reads its input from
 * the table: each gets the parsed query, path parameters and body, calls the catalogue, and answers the
 * route's schema. Ingest and the reconciliation service read their own input (ingest.ts, reconcile.ts).
 *
 * @module
 */
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { detail, PricecatError } from '@pricecat/core';
import { TOKEN_NAME_STATE } from '../access.js';
import type { Handlers } from './api-router.js';

/** Catalogue reads, decisions, settings and scans. */
export const handlers: Handlers = {
  // ---- system ----
  stats: async (_, { catalogue }) => catalogue.stats(),
  // Liveness only: it answers without touching storage, so a slow store does not restart the service.
  health: async () => ({ status: 'ok' as const }),
  dashboard: async (_, { catalogue }) => catalogue.dashboard(),

  // ---- ingest jobs (the upload itself is ingest.ts's) ----
  getIngestJob: async ({ params, ctx }, { catalogue }) => {
    ctx.set('Cache-Control', 'no-store');
    return catalogue.ingestJob(params.id);
  },

  // ---- catalogue ----
  // `items` as before; `total`, `limit`, `offset` and `corrections` beside it.
  search: async ({ query }, { catalogue }) => catalogue.searchPage(query),
  listServices: async ({ query }, { catalogue }) => catalogue.listServices(query),
  createService: async ({ body, ctx }, { catalogue, prefix }) => {
    const created = await catalogue.createService({
      name: body.name,
      category: body.category,
      ...(body.proposal_id != null && { proposal_id: body.proposal_id }),
      ...(body.merged_proposal_ids != null && { merged_proposal_ids: body.merged_proposal_ids }),
      ...(body.position_ids != null && { position_ids: body.position_ids }),
    });
    ctx.set('Location', `${prefix}/services/${encodeURIComponent(created.service_id)}`);
    return created;
  },
  getService: async ({ params }, { catalogue }) => catalogue.getService(params.id),
  compareService: async ({ params, query }, { catalogue }) => catalogue.compareService(params.id, query),
  servicePriceHistory: async ({ params, query }, { catalogue }) => catalogue.priceHistory(params.id, query),
  listPartners: async ({ query }, { catalogue }) => catalogue.listPartners(query),
  partnerServices: async ({ params, query }, { catalogue }) => catalogue.partnerServices(params.id, query),
  listPositions: async ({ query }, { catalogue }) => catalogue.listPositions(query),
  listPriceLists: async (_, { catalogue }) => ({ items: await catalogue.listPriceLists() }),
  priceChanges: async ({ query }, { catalogue }) => catalogue.priceChanges(query),
  listServiceProposals: async ({ query }, { catalogue }) => catalogue.listServiceProposals(query),
  exportWorkbook: async ({ ctx }, { catalogue }) => {
    const exported = await catalogue.exportWorkbook();
    ctx.attachment(exported.file_name);
    ctx.type = exported.content_type;
    ctx.set('Cache-Control', 'no-store');
    // Chunked: the length is unknown until the last row is compressed, and nothing waits for it.
    ctx.body = Readable.from(exported.chunks, { objectMode: false });
  },

  // ---- the verification queue ----
  listQueue: async ({ query }, { catalogue }) => catalogue.queue(query),
  listUnmatched: async ({ query }, { catalogue }) => catalogue.listUnmatched(query),
  matchPosition: async ({ body, ctx }, { catalogue }) =>
    catalogue.matchPosition({
      position_id: body.position_id,
      ...(body.service_id != null && { service_id: body.service_id }),
      ...(body.apply_to_identical != null && { apply_to_identical: body.apply_to_identical }),
      ...(body.expected_status != null && { expected_status: body.expected_status }),
      ...decidedBy(ctx),
    }),
  skipPosition: async ({ body, ctx }, { catalogue }) =>
    catalogue.skipPosition({
      position_id: body.position_id,
      ...(body.expected_status != null && { expected_status: body.expected_status }),
      ...decidedBy(ctx),
    }),
  // No body (the latest decision) or {"decision_id": "dec_…"} (one from the decision log, with its batch).
  undoDecision: async ({ body }, { catalogue }) => catalogue.undoDecision(body.decision_id == null ? {} : { decision_id: body.decision_id }),
  acceptSuggestions: async ({ body, ctx }, { catalogue }) => catalogue.acceptSuggestions({ ...body, ...decidedBy(ctx) }),
  listDecisions: async ({ query }, { catalogue }) => catalogue.decisionLog(query),
  positionContext: async ({ params }, { catalogue }) => catalogue.positionContext(params.id),

  // ---- the watched folder ----
  getSettings: async (_, { catalogue }) => catalogue.getSettings(),
  // The catalogue checks the folder (exists, a directory, readable) and answers 400 naming it.
  updateSettings: async ({ body }, { catalogue }) => catalogue.updateSettings(body),
  // A scan asked for while another runs is answered 409 CONFLICT at once rather than held open.
  scan: async (_, { catalogue }) => catalogue.scan({ trigger: 'request' }),
  lastScan: async (_, { catalogue }) => {
    const report = await catalogue.lastScan();
    if (!report) throw new PricecatError('NOT_FOUND', detail('SCAN_NOT_RUN_YET', {}));
    return report;
  },
};

/** The token name the access guard found, so the decision log says who decided. */
function decidedBy(ctx: Context): { decided_by?: string } {
  const name: unknown = ctx.state[TOKEN_NAME_STATE];
  return typeof name === 'string' ? { decided_by: name } : {};
}
