/** @module The XLSX export of the catalogue (browser-safe: it produces bytes, it writes no file). */
export { exportWorkbook, XLSX_CONTENT_TYPE, type WorkbookExport } from './export-workbook.js';
export { CATALOGUE_SHEET, POSITIONS_SHEET, POSITIONS_HEADERS, clinicColumnHeader } from './export-sheets.js';
export { writeXlsx, escapeCellText, columnName, type CellValue, type SheetSource } from './xlsx-stream.js';
