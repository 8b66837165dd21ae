/**
 * The table postgresStore uses, as a quoted SQL identifier: a name from options is never spliced
 * into SQL unquoted. PostgreSQL cuts identifiers to 63 bytes (two longer names would name one
 * table) and cannot hold U+0000 in one: such names are refused (INVALID_OPTIONS).
 */
import { QuickboxError } from "../../index.js";

/** NAMEDATALEN - 1: the longest identifier PostgreSQL keeps whole, in bytes. */
export const MAX_IDENTIFIER_BYTES = 63;

export function quoteIdentifier(name: unknown, option: string): string {
  if (typeof name !== "string" || name.length === 0) throw new QuickboxError("INVALID_OPTIONS", `postgresStore: ${option} must be a non-empty string`);
  if (name.includes("\0")) throw new QuickboxError("INVALID_OPTIONS", `postgresStore: ${option} cannot hold U+0000 (PostgreSQL identifiers cannot)`);
  const bytes = new TextEncoder().encode(name).length;
  if (bytes > MAX_IDENTIFIER_BYTES) {
    throw new QuickboxError("INVALID_OPTIONS", `postgresStore: ${option} is ${bytes} bytes in UTF-8; PostgreSQL cuts identifiers to ${MAX_IDENTIFIER_BYTES} bytes, so two longer names could name the same table`);
  }
  return `"${name.replace(/"/g, '""')}"`;
}
