/**
 * A figures table as CSV (RFC 4180): a header row of the table's column names in the page's language,
 * then its rows and its total; CRLF line ends, every field quoted when it holds a comma, a quote or a
 * line end, and a UTF-8 byte-order mark so spreadsheets read accents right. Values are written plainly
 * (3.5% for a rate, 16.98 for an amount in dollars, 2026-11-19 for a day, 2026-11 for a month). A text cell a spreadsheet would
 * take for a formula (a search query typed by anyone: "=HYPERLINK(…)") starts with an apostrophe.
 */
import type { Cell, CellKind, FigureTable } from "./tables.ts";

const FORMULA = /^[=+\-@\t\r|%]/;

function field(value: Cell, kind: CellKind): string {
  if (value === null) return "";
  let text: string;
  if (typeof value === "number") {
    if (kind === "money") text = (value / 100).toFixed(2);
    else if (kind === "percent") text = `${Math.round(value * 1000) / 10}%`;
    else text = String(value);
  } else if (kind === "month") text = value.slice(0, 7);
  else text = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function tableCsv(table: FigureTable): string {
  const kinds = table.columns.map((c) => c.kind);
  const lines = [table.columns.map((c) => field(c.label, "text"))];
  for (const row of table.rows) lines.push(row.map((v, i) => field(v, kinds[i])));
  // The total's first cell is a word ("Total"), whatever the column's kind.
  if (table.total) lines.push(table.total.map((v, i) => field(v, i === 0 ? "text" : kinds[i])));
  return `\uFEFF${lines.map((l) => l.join(",")).join("\r\n")}\r\n`;
}
