import { afterEach, describe, expect, it, vi } from 'vitest';
import './upload.js';
import type { PricecatUploadElement } from './upload.element.js';
import type { UploadProgress } from '../api/upload.js';
import { $, $$, cleanup, mount, shadowText } from '../test-support/fake-api.js';
import { FAKE_API_BROKEN, FAKE_API_DUPLICATE, FAKE_API_OK, FAKE_API_TOO_LARGE } from '../test-support/fake-ingest-server.js';
import { JOB_STORAGE_KEY } from './upload.element.js';

const NBSP = '\u00a0';

afterEach(() => {
  cleanup();
  localStorage.removeItem(JOB_STORAGE_KEY);
});

/** Drops `file` on the drop zone the way a browser does. */
function drop(element: PricecatUploadElement, file: File): void {
  const dataTransfer = new DataTransfer();
  dataTransfer.items.add(file);
  $(element, '.zone').dispatchEvent(new DragEvent('drop', { dataTransfer, bubbles: true, cancelable: true }));
}

function zip(name: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type: 'application/zip' });
}

describe('<pricecat-upload>', () => {
  it('uploads a dropped ZIP, reports progress and then shows the per-file report', async () => {
    const element = mount<PricecatUploadElement>(`<pricecat-upload api-base="${FAKE_API_OK}"></pricecat-upload>`);
    await element.updateComplete;
    const progress: UploadProgress[] = [];
    element.addEventListener('pricecat-upload-progress', (event) => progress.push(event.detail));
    const complete = new Promise<CustomEvent>((resolve) =>
      element.addEventListener('pricecat-ingest-complete', (event) => resolve(event), { once: true }),
    );
    drop(element, zip('прайсы.zip', 3 * 1024 * 1024));
    await element.updateComplete;
    expect(element.shadowRoot?.querySelector('progress')).not.toBeNull();
    expect((await complete).detail.report.files).toHaveLength(2);
    const last = progress.at(-1);
    expect(last?.total).toBeGreaterThan(3 * 1024 * 1024);
    expect(last?.loaded).toBe(last?.total);

    await vi.waitFor(() => expect($$(element, 'tbody tr')).toHaveLength(2));
    expect(shadowText($(element, '.summary'))).toBe('Обработано файлов: 2, с ошибками: 1');
    const good = shadowText($$(element, 'tbody tr')[0] as HTMLElement);
    expect(good).toContain('ТОО «Клиника Здоровье»');
    expect(good).toContain('Алматы');
    expect(good).toContain('200');
    expect(good).toContain(`75${NBSP}%`);
    expect(shadowText($(element, 'tbody tr .to-review'))).toBe('на проверку: 30 · не распознано: 20');
    expect(good).toContain('Строка 17: цена «договорная» пропущена');
    const bad = shadowText($$(element, 'tbody tr')[1] as HTMLElement);
    expect(bad).toContain('scan.pdf');
    expect(bad).toContain('Ошибка: В файле не найдена таблица цен.');
  });

  it('explains in Russian that the file is too large when the server refuses it', async () => {
    const element = mount<PricecatUploadElement>(`<pricecat-upload api-base="${FAKE_API_TOO_LARGE}"></pricecat-upload>`);
    await element.updateComplete;
    await element.upload(zip('big.zip', 1024));
    const alert = shadowText($(element, '[role="alert"]'));
    expect(alert).toContain('Загрузка не удалась');
    expect(alert).toContain('Файл слишком большой для загрузки.');
    expect(alert).not.toContain('{');
  });

  it("shows the server's own reason when a ZIP cannot be opened, so the analyst knows what to do", async () => {
    const element = mount<PricecatUploadElement>(`<pricecat-upload api-base="${FAKE_API_BROKEN}"></pricecat-upload>`);
    await element.updateComplete;
    await element.upload(zip('прайсы.zip', 1024));
    await vi.waitFor(() => expect(element.shadowRoot?.querySelector('[role="alert"]')).not.toBeNull());
    const alert = shadowText($(element, '[role="alert"]'));
    expect(alert).toContain('Загрузка не удалась');
    expect(alert).toContain('файл обрезан (нет его конца со списком файлов). Создайте архив заново и загрузите его ещё раз.');
  });

  it('refuses a file that is not a price list or ZIP without sending it', async () => {
    const element = mount<PricecatUploadElement>(`<pricecat-upload api-base="${FAKE_API_OK}"></pricecat-upload>`);
    await element.updateComplete;
    drop(element, new File(['hello'], 'photo.png', { type: 'image/png' }));
    await element.updateComplete;
    expect(shadowText($(element, '[role="alert"]'))).toContain('Выберите ZIP-архив или файл прайс-листа');
    expect(element.shadowRoot?.querySelector('progress')).toBeNull();
  });

  it('offers a file picker limited to ZIP and price-list formats', async () => {
    const element = mount<PricecatUploadElement>('<pricecat-upload></pricecat-upload>');
    await element.updateComplete;
    const input = $<HTMLInputElement>(element, 'input[type="file"]');
    expect(input.accept).toContain('.zip');
    expect(input.accept).toContain('.xlsx');
    expect(shadowText($(element, '.zone'))).toContain('Выбрать файл');
  });

  it('shows each file of the running job, and finds the job again when the screen is opened anew', async () => {
    const element = mount<PricecatUploadElement>(`<pricecat-upload api-base="${FAKE_API_OK}"></pricecat-upload>`);
    await element.updateComplete;
    await element.upload(zip('прайсы.zip', 1024));
    await vi.waitFor(() => expect($$(element, '.job-files li')).toHaveLength(2));
    expect(shadowText($(element, '[role="status"]'))).toMatch(/^Обработано файлов: [01] из 2$/);
    expect(JSON.parse(localStorage.getItem(JOB_STORAGE_KEY) ?? '{}')).toMatchObject({ apiBase: FAKE_API_OK });
    cleanup();
    // The user comes back to the screen (navigation or reload): the same job is shown, not an empty form.
    const again = mount<PricecatUploadElement>(`<pricecat-upload api-base="${FAKE_API_OK}"></pricecat-upload>`);
    await vi.waitFor(() => expect(shadowText(again)).toContain('Обработано файлов: 2, с ошибками: 1'), { timeout: 5000 });
    expect(shadowText($$(again, 'tbody tr')[0] as HTMLElement)).toContain('ТОО «Клиника Здоровье»');
  });

  it('says a file was already ingested, with the date, and sends it again as a new version on request', async () => {
    const element = mount<PricecatUploadElement>(`<pricecat-upload api-base="${FAKE_API_DUPLICATE}"></pricecat-upload>`);
    await element.updateComplete;
    await element.upload(new File([new Uint8Array(64)], 'Клиника «Здоровье» 2024.xlsx'));
    await vi.waitFor(() => expect($$(element, 'tr.duplicate')).toHaveLength(1));
    // Not an error a person has to look at: counted apart.
    expect(shadowText($(element, '.summary'))).toBe('Обработано файлов: 1, с ошибками: 0, уже загружены ранее: 1');
    expect(shadowText($(element, 'tr.duplicate'))).toContain(
      'Этот файл уже загружен 10.02.2026 как «Здоровье 2024.xlsx»; повторно ничего не сохранено.',
    );
    $<HTMLButtonElement>(element, 'tr.duplicate button').click();
    await vi.waitFor(() => expect(shadowText(element)).toContain('Обработано файлов: 2, с ошибками: 1'), { timeout: 5000 });
  });
});
