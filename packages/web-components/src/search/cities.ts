import type { PricecatApi } from '../api/client.js';

/**
 * The cities of the known clinics, sorted the Russian way, for the city filter. One page of 500 clinics
 * covers the partner network; a city beyond it can still be set through the `city` attribute.
 */
export async function loadCities(api: PricecatApi, signal?: AbortSignal): Promise<string[]> {
  const page = await api.partners({ limit: 500 }, signal);
  const cities = new Set<string>();
  for (const clinic of page.items) if (clinic.city) cities.add(clinic.city);
  return [...cities].sort((a, b) => a.localeCompare(b, 'ru'));
}
