/**
 * The ingest report as a plain-text table for the terminal (`pricecat ingest`).
 *
 * @module
 */
import type { FileReport, IngestReport } from '@pricecat/core';

const HEADERS = ['файл', 'статус', 'клиника', 'город', 'дата', 'позиций', 'нормализовано', 'предупреждения / ошибка'] as const;

/** A file's status as the terminal shows it. */
const STATUS_TEXT: Readonly<Record<FileReport['status'], string>> = { ok: 'загружен', warnings: 'с предупреждениями', error: 'ошибка' };

/** One row per file, then a summary line; columns are padded to their widest cell. */
export function formatIngestReport(report: IngestReport): string {
  const rows = report.files.map(toCells);
  const widths = HEADERS.map((header, column) =>
    rows.reduce((widest, row) => Math.max(widest, (row[column] ?? '').length), header.length),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const ok = report.files.length - report.errors;
  const summary =
    `Файлов: ${report.files.length}, загружено: ${ok}, с ошибкой: ${report.errors}; ` +
    `позиций: ${report.positions}, нормализовано: ${report.normalized} (${percent(report.normalized, report.positions)}), ` +
    `за ${(report.duration_ms / 1000).toFixed(1)} с`;
  // The last column holds free text (error messages); its rule stops at the header's width.
  const rule = widths.map((width, column) => '-'.repeat(column === widths.length - 1 ? HEADERS[column]?.length ?? 0 : width));
  return [line(HEADERS), line(rule), ...rows.map(line), '', summary, ''].join('\n');
}

/** True when there were files and every one failed (the CLI then exits 1). */
export function everyFileFailed(report: IngestReport): boolean {
  return report.files.length > 0 && report.files.every((file) => file.status === 'error');
}

// ---- internal helpers ----

function toCells(file: FileReport): string[] {
  if (file.status === 'error') {
    return [file.file, STATUS_TEXT.error, '', '', '', '', '', `${file.code}: ${file.message}`];
  }
  return [
    file.file,
    STATUS_TEXT[file.status],
    file.clinic_name,
    file.city ?? '',
    file.effective_date ?? '',
    String(file.positions),
    percent(file.normalized, file.positions),
    file.warnings.length === 0 ? '' : `предупреждений: ${file.warnings.length}`,
  ];
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} %`;
}
