/**
 * console.table as Node 20 renders it (lib/internal/console/constructor.js `table` and
 * lib/internal/cli_table.js, ported line by line), bounded: only the rows that can show in the
 * output are looked at. A table with more rows than that is rendered from its first rows (their
 * columns and widths) and the rest is counted at the width of the rows shown.
 */
import { inspect, stripVTControlCharacters } from "node-inspect-extracted";
import { reflectApply } from "./chunk-link.js";

const INDEX_KEY = "(index)";
const ITERATION_KEY = "(iteration index)";
const KEY_KEY = "Key";
const VALUES_KEY = "Values";
/** No row line is shorter: "│ " + the index column (7) + " │" + "\n". */
const MIN_ROW_CHARS = 12;

const objectKeys = Object.keys;
const objectHasOwn = Object.prototype.hasOwnProperty;
const objectToString = Object.prototype.toString;
const isArray = Array.isArray;
const mapSize = Object.getOwnPropertyDescriptor(Map.prototype, "size")!.get!;
const setSize = Object.getOwnPropertyDescriptor(Set.prototype, "size")!.get!;

/** The size of a real Map (or Set), as Node's isMap/isSet see it; null for anything else. */
function sizeOf(getter: () => number, value: object): number | null {
  try {
    return reflectApply(getter, value, []) as number;
  } catch {
    return null;
  }
}

/** A rendered table, or the arguments console.log would have printed instead. */
export type TableOutput = { text: string; uncountedChars: number } | { log: unknown[] };

function isZeroWidthCodePoint(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x300 && code <= 0x36f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x20d0 && code <= 0x20ff) ||
    (code >= 0xfe00 && code <= 0xfe0f) ||
    (code >= 0xfe20 && code <= 0xfe2f) ||
    (code >= 0xe0100 && code <= 0xe01ef)
  );
}

function isFullWidthCodePoint(code: number): boolean {
  return (
    code >= 0x1100 &&
    (code <= 0x115f ||
      code === 0x2329 ||
      code === 0x232a ||
      (code >= 0x2e80 && code <= 0x3247 && code !== 0x303f) ||
      (code >= 0x3250 && code <= 0x4dbf) ||
      (code >= 0x4e00 && code <= 0xa4c6) ||
      (code >= 0xa960 && code <= 0xa97c) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe10 && code <= 0xfe19) ||
      (code >= 0xfe30 && code <= 0xfe6b) ||
      (code >= 0xff01 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x1b000 && code <= 0x1b001) ||
      (code >= 0x1f200 && code <= 0x1f251) ||
      (code >= 0x1f300 && code <= 0x1f64f) ||
      (code >= 0x20000 && code <= 0x3fffd))
  );
}

/** Node's getStringWidth without ICU (the same for ASCII and East Asian wide text). */
export function stringWidth(text: string): number {
  let width = 0;
  let i = 0;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 127) break;
    if (code === 27) return fullStringWidth(text);
    width += code >= 32 ? 1 : 0;
  }
  return i === text.length ? width : width + fullStringWidth(text.slice(i));
}

function fullStringWidth(text: string): number {
  let width = 0;
  for (const char of stripVTControlCharacters(text).normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (isFullWidthCodePoint(code)) width += 2;
    else if (!isZeroWidthCodePoint(code)) width++;
  }
  return width;
}

/** Node's `_inspect` for a table cell. */
function inspectCell(value: unknown): string {
  const depth = value !== null && typeof value === "object" && !isArray(value) && objectKeys(value).length > 2 ? -1 : 0;
  return inspect(value, { depth, maxArrayLength: 3, breakLength: Infinity });
}

function indexColumn(length: number): string[] {
  const column: string[] = [];
  for (let i = 0; i < length; i++) column.push(inspectCell(i));
  return column;
}

function renderRow(row: string[], widths: number[]): string {
  let out = "│ ";
  for (let i = 0; i < row.length; i++) {
    const cell = row[i]!;
    out += cell + " ".repeat(Math.ceil(widths[i]! - stringWidth(cell)));
    if (i !== row.length - 1) out += " │ ";
  }
  return out + " │";
}

/** lib/internal/cli_table.js. Columns may be sparse; a missing cell is empty. */
function renderTable(head: string[], columns: string[][]): { text: string; rowLineChars: number } {
  const rows: string[][] = [];
  const widths = head.map((h) => stringWidth(h));
  let longest = 0;
  for (const column of columns) if (column.length > longest) longest = column.length;
  for (let i = 0; i < head.length; i++) {
    const column = columns[i]!;
    for (let j = 0; j < longest; j++) {
      rows[j] ??= [];
      const value = (rows[j]![i] = reflectApply(objectHasOwn, column, [j]) ? column[j]! : "");
      widths[i] = Math.max(widths[i] || 0, stringWidth(value));
    }
  }
  const divider = widths.map((width) => "─".repeat(width + 2));
  let text = `┌${divider.join("┬")}┐\n${renderRow(head, widths)}\n├${divider.join("┼")}┤\n`;
  for (const row of rows) text += `${renderRow(row, widths)}\n`;
  text += `└${divider.join("┴")}┘`;
  // Every row line has the same width; with plain text, the same length too.
  const rowLineChars = 2 + widths.reduce((sum, width) => sum + width, 0) + 3 * (widths.length - 1) + 2 + 1;
  return { text, rowLineChars };
}

function table(head: string[], columns: string[][], rowCount: number): TableOutput {
  const { text, rowLineChars } = renderTable(head, columns);
  let shown = 0;
  for (const column of columns) if (column.length > shown) shown = column.length;
  return { text, uncountedChars: (rowCount - shown) * rowLineChars };
}

/**
 * The table for `data` (Node's console.table), rendering at most the rows that `budgetChars` of
 * output can show. `properties` was checked by the caller (an array or undefined).
 */
export function consoleTable(data: unknown, properties: unknown[] | undefined, budgetChars: number): TableOutput {
  if (data === null || typeof data !== "object") return { log: [data] };
  const tag = reflectApply(objectToString, data, []) as string;
  // Node previews an iterator's entries without advancing it; that needs V8. Printed instead.
  if (tag === "[object Map Iterator]" || tag === "[object Set Iterator]") return { log: [data] };
  const maxRows = Math.ceil(budgetChars / MIN_ROW_CHARS) + 1;

  const mapEntries = sizeOf(mapSize, data);
  if (mapEntries !== null) {
    const keys: string[] = [];
    const values: string[] = [];
    for (const { 0: key, 1: value } of data as Map<unknown, unknown>) {
      if (keys.length >= maxRows) break;
      keys.push(inspectCell(key));
      values.push(inspectCell(value));
    }
    return table([ITERATION_KEY, KEY_KEY, VALUES_KEY], [indexColumn(keys.length), keys, values], mapEntries);
  }
  const setEntries = sizeOf(setSize, data);
  if (setEntries !== null) {
    const values: string[] = [];
    for (const value of data as Set<unknown>) {
      if (values.length >= maxRows) break;
      values.push(inspectCell(value));
    }
    return table([ITERATION_KEY, VALUES_KEY], [indexColumn(values.length), values], setEntries);
  }

  const map: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  let hasPrimitives = false;
  const valuesColumn: string[] = [];
  const indexKeys = objectKeys(data);
  const shownKeys = indexKeys.length > maxRows ? indexKeys.slice(0, maxRows) : indexKeys;
  for (let i = 0; i < shownKeys.length; i++) {
    const item = (data as Record<string, unknown>)[shownKeys[i]!];
    const primitive = item === null || (typeof item !== "function" && typeof item !== "object");
    if (properties === undefined && primitive) {
      hasPrimitives = true;
      valuesColumn[i] = inspectCell(item);
    } else {
      const keys = properties || objectKeys(item as object);
      for (const key of keys) {
        const column = (map[key as string] ??= []);
        if ((primitive && properties) || !reflectApply(objectHasOwn, item, [key])) column[i] = "";
        else column[i] = inspectCell((item as Record<string, unknown>)[key as string]);
      }
    }
  }
  const head = objectKeys(map);
  const columns = head.map((key) => map[key]!);
  if (hasPrimitives) {
    head.push(VALUES_KEY);
    columns.push(valuesColumn);
  }
  head.unshift(INDEX_KEY);
  columns.unshift(shownKeys);
  return table(head, columns, indexKeys.length);
}
