/**
 * A few real entries of the client's dictionary (`Справочник услуг.xlsx`: specialty, Name_ru,
 * TarificatrCode copied by hand), for matching tests. Not a test file itself.
 */
import type { Service } from '../storage/records.js';
import { normalizeName } from './normalize.js';

const ROWS: readonly (readonly [string, string, string, string | null])[] = [
  ['svc_therapist', 'Терапевт', 'Прием терапевта', 'A02.001.000'],
  ['svc_gyn', 'Акушер-гинеколог', 'Прием акушер-гинеколога', 'A02.004.000'],
  ['svc_us3d', 'Акушер-гинеколог', '3D УЗИ плода', 'C03.033.004'],
  ['svc_us4d', 'Акушер-гинеколог', '4D УЗИ плода', 'C03.033.004'],
  ['svc_mri_ankle', 'МРТ', 'МРТ голеностопного сустава', 'C03.005.007'],
  ['svc_mri_brain', 'МРТ', 'МРТ головного мозга', 'C03.008.007'],
  ['svc_mri_knee', 'МРТ', 'МРТ коленного сустава', 'C03.005.007'],
  ['svc_urea', 'Биохимия', 'Мочевина', 'B03.386.002'],
  ['svc_tsh', 'ИФА', 'ТТГ тиреотропный гормон', 'B06.484.005'],
];

export const TEST_SERVICES: readonly Service[] = ROWS.map(([service_id, category, name, tariff_code]) => ({
  service_id,
  name,
  name_norm: normalizeName(name),
  category,
  tariff_code,
  origin: 'dictionary',
}));
