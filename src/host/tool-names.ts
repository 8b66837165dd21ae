/** Tool names as the program sees them (DESIGN.md §3). */

/** Each run of `-`/`_` followed by a letter or digit becomes that character upper-cased. */
export function camelCase(name: string): string {
  return name.replace(/[-_]+([A-Za-z0-9])/g, (_, next: string) => next.toUpperCase());
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Keys of the `tools` object that quickbox itself defines. */
export const RESERVED_TOOL_KEYS = new Set(["$search", "$describe"]);

export function isValidToolKey(key: string): boolean {
  return IDENTIFIER.test(key) && !RESERVED_TOOL_KEYS.has(key);
}
