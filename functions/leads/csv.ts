/**
 * CSV for spreadsheets: RFC 4180 (CRLF line ends, fields with a comma, quote or line break in
 * double quotes, quotes doubled), UTF-8 with a byte-order mark so that Excel reads non-Latin
 * letters correctly, and formula injection neutralised: a cell starting with = + - @ (or a tab or
 * carriage return, which some spreadsheets strip first) is prefixed with an apostrophe.
 */
export const UTF8_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

export interface CsvColumn<R> {
  readonly header: string;
  readonly value: (record: R) => unknown;
}

export function csvRows<R>(columns: readonly CsvColumn<R>[], records: readonly R[]): string {
  return records.map((record) => csvRow(columns.map((column) => column.value(record)))).join("");
}

export function csvHeader<R>(columns: readonly CsvColumn<R>[]): string {
  return UTF8_BOM + csvRow(columns.map((column) => column.header));
}
