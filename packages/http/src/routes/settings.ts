/**
 * `GET {prefix}/settings`, `POST {prefix}/settings`: the watched folder and the scan schedule.
 *
 * @module
 */
import { Router } from '@koa/router';
import { PricecatError, type SettingsPatch } from '@pricecat/core';
import type { RouteDeps } from './route-deps.js';

/** Fields `POST /settings` accepts. */
export const SETTINGS_FIELDS = ['watch_folder', 'scan_interval_minutes'] as const;

/** Reads and changes settings; the catalogue validates the values (folder readable, interval in range). */
export function createSettingsRouter({ catalogue, prefix }: RouteDeps): Router {
  const router = new Router({ prefix });
  router.get('/settings', async (ctx) => {
    ctx.body = await catalogue.getSettings();
  });
  router.post('/settings', async (ctx) => {
    ctx.body = await catalogue.updateSettings(parseSettingsPatch(ctx.request.body));
  });
  return router;
}

/** The JSON body as a {@link SettingsPatch}; a 400 naming the field for anything else. */
export function parseSettingsPatch(body: unknown): SettingsPatch {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('Send a JSON object such as {"watch_folder": "/srv/pricecat/inbox", "scan_interval_minutes": 30}.');
  }
  const record = body as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !(SETTINGS_FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    throw invalid(`Unknown setting ${unknown.map((key) => `\`${key}\``).join(', ')}; the settings are ${SETTINGS_FIELDS.join(', ')}.`);
  }
  const patch: { watch_folder?: string | null; scan_interval_minutes?: number } = {};
  const folder = record['watch_folder'];
  if (folder !== undefined) {
    if (folder !== null && typeof folder !== 'string') {
      throw invalid(`watch_folder must be the absolute path of a directory (a string), or null to clear it; got ${JSON.stringify(folder)}.`);
    }
    patch.watch_folder = folder;
  }
  const interval = record['scan_interval_minutes'];
  if (interval !== undefined) {
    if (typeof interval !== 'number') {
      throw invalid(`scan_interval_minutes must be a number of minutes (0 switches the schedule off); got ${JSON.stringify(interval)}.`);
    }
    patch.scan_interval_minutes = interval;
  }
  return patch;
}

// ---- internal helpers ----

function invalid(message: string): PricecatError {
  return new PricecatError('INVALID_INPUT', message);
}
