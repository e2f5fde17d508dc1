import { afterEach, describe, expect, it, vi } from 'vitest';
import './autoload-card.js';
import { readForm, type PricecatAutoloadCardElement } from './autoload-card.element.js';
import type { ScanReport, Settings } from '@pricecat/core/contract';
import { $, cleanup, fakeApi, jsonError, mount, shadowText, typeInto, type FakeApi, type FakeRequest } from '../test-support/fake-api.js';

const lastScan = {
  folder: '/srv/inbox', trigger: 'schedule' as const, started_at: '2026-02-01T09:00:00Z', finished_at: '2026-02-01T09:00:05Z',
  files: 3, errors: 1, skipped: 2, positions: 850,
};

const report: ScanReport = {
  folder: '/srv/inbox', trigger: 'request', started_at: '2026-02-02T10:00:00Z', finished_at: '2026-02-02T10:00:04Z',
  files: [
    { file: 'Клиника 1 прайс 2024.docx', status: 'ok', format: 'docx', price_list_id: 'pl-1', clinic_id: 'c-1', clinic_name: 'Клиника 1', city: null, effective_date: null, positions: 312, normalized: 200, queued: 50, unrecognized: 62, skipped: 0, price_columns: [], warnings: [] },
    { file: 'сломанный.xlsx', status: 'error', code: 'EXTRACT_FAILED', message: 'The workbook is damaged.' },
  ],
  positions: 312, normalized: 200, errors: 1, duration_ms: 4000, skipped: [],
};

/** Settings kept by the stub; the folder `/missing` is refused the way the server refuses it. */
function settingsServer(initial: Settings) {
  let settings = initial;
  return {
    settings: (_url: URL, request: FakeRequest) => {
      if (request.method !== 'POST') return settings;
      const patch = request.body as Partial<Settings>;
      if (patch.watch_folder === '/missing') {
        return jsonError(400, 'INVALID_INPUT', 'Папка для просмотра «/missing»: не существует; создайте его или исправьте путь.', {
          message_code: 'WATCH_FOLDER_UNREADABLE',
          params: { path: '/missing', why: 'не существует; создайте его или исправьте путь' },
        });
      }
      settings = { ...settings, ...patch };
      return settings;
    },
  };
}

let api: FakeApi | undefined;
afterEach(cleanup);

async function card(settings: Settings, extra: Record<string, unknown> = {}) {
  api = fakeApi({ ...settingsServer(settings), ...extra });
  const element = mount<PricecatAutoloadCardElement>('<pricecat-autoload-card></pricecat-autoload-card>');
  await vi.waitFor(() => expect(element.shadowRoot?.querySelector('input.folder')).not.toBeNull());
  return element;
}

describe('<pricecat-autoload-card>', () => {
  it('shows the folder, the interval and the last scan in brief', async () => {
    const element = await card({ watch_folder: '/srv/inbox', scan_interval_minutes: 30, last_scan: lastScan });
    expect($<HTMLInputElement>(element, 'input.folder').value).toBe('/srv/inbox');
    expect($<HTMLInputElement>(element, 'input.interval').value).toBe('30');
    const last = shadowText($(element, '.last-scan'));
    expect(last).toContain('по расписанию');
    expect(last).toContain('Файлов: 3, с ошибками: 1, уже загруженных: 2, позиций: 850');
  });

  it('saves a new folder and says so', async () => {
    const element = await card({ watch_folder: null, scan_interval_minutes: 0, last_scan: null });
    expect(shadowText(element)).toContain('Сканирований ещё не было.');
    expect($<HTMLButtonElement>(element, 'button.scan').disabled).toBe(true);
    typeInto($<HTMLInputElement>(element, 'input.folder'), '/srv/pricecat/inbox');
    $(element, 'button.save').click();
    await vi.waitFor(() => expect(shadowText(element)).toContain('Настройки сохранены.'));
    expect(api?.posted('settings')).toEqual([{ watch_folder: '/srv/pricecat/inbox', scan_interval_minutes: 0 }]);
    expect($<HTMLButtonElement>(element, 'button.scan').disabled).toBe(false);
  });

  it('shows the server refusing a folder under the folder field, with its words', async () => {
    const element = await card({ watch_folder: null, scan_interval_minutes: 0, last_scan: null });
    typeInto($<HTMLInputElement>(element, 'input.folder'), '/missing');
    $(element, 'button.save').click();
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('#folder-error')).not.toBeNull());
    expect(shadowText($(element, '#folder-error'))).toContain('Сервер не принял папку');
    expect(shadowText($(element, '.server-detail'))).toContain('Папка для просмотра «/missing»: не существует');
    expect($(element, 'input.folder').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a relative folder and an interval out of range before sending anything', async () => {
    const element = await card({ watch_folder: null, scan_interval_minutes: 0, last_scan: null });
    typeInto($<HTMLInputElement>(element, 'input.folder'), 'inbox');
    typeInto($<HTMLInputElement>(element, 'input.interval'), '5000');
    $(element, 'button.save').click();
    await element.updateComplete;
    expect(shadowText($(element, '#folder-error'))).toContain('Укажите абсолютный путь');
    expect(shadowText($(element, '#interval-error'))).toContain('от 0 до 1440');
    expect(api?.posted('settings')).toEqual([]);
  });

  it('scans now and lists the files of the scan', async () => {
    const element = await card({ watch_folder: '/srv/inbox', scan_interval_minutes: 0, last_scan: null }, { scan: report });
    $(element, 'button.scan').click();
    await vi.waitFor(() => expect(shadowText($(element, '.last-scan'))).toContain('по кнопке'));
    expect(shadowText($(element, '.last-scan'))).toContain('Файлов: 2, с ошибками: 1');
    expect(shadowText($(element, 'ul.files'))).toContain('Клиника 1 прайс 2024.docx: Клиника 1, 312');
    expect(shadowText($(element, 'ul.files .failed'))).toContain('сломанный.xlsx: The workbook is damaged.');
  });

  it('explains a scan refused because another one runs', async () => {
    const element = await card({ watch_folder: '/srv/inbox', scan_interval_minutes: 0, last_scan: null }, {
      scan: jsonError(409, 'CONFLICT', 'A scan is already running.'),
    });
    $(element, 'button.scan').click();
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('[role="alert"]')).not.toBeNull());
    expect(shadowText($(element, '[role="alert"]'))).toContain('Сканирование не выполнено');
  });
});

describe('readForm', () => {
  it('accepts Windows paths and an empty folder (watching off)', () => {
    expect(readForm('C:\\Прайсы', '15').patch).toEqual({ watch_folder: 'C:\\Прайсы', scan_interval_minutes: 15 });
    expect(readForm('  ', '0').patch).toEqual({ watch_folder: null, scan_interval_minutes: 0 });
    expect(readForm('/srv', '1.5').errors.interval).toBeDefined();
  });
});
