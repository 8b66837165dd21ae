/** Tool names as the program sees them (DESIGN.md §3). */

/** Each run of `-`/`_` followed by a letter or digit becomes that character upper-cased. */
export function camelCase(name: string): string {
  return name.replace(/[-_]+([A-Za-z0-9])/g, (_, next: string) => next.toUpperCase());
}

/** A JavaScript identifier name (Unicode letters included), as `tools.<key>` needs. */
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;
/**
 * Keys of the `tools` object that quickbox itself defines, and `then`: a tool by that name would
 * make `tools` a thenable (`await tools` would call it).
 */
export const RESERVED_TOOL_KEYS = new Set(["$search", "$describe", "then"]);

export function isValidToolKey(key: string): boolean {
  return IDENTIFIER.test(key) && !RESERVED_TOOL_KEYS.has(key);
}

export function toolKeyProblem(key: string): string {
  if (RESERVED_TOOL_KEYS.has(key)) return key === "then" ? `tools.then would make \`tools\` a thenable (await tools would call it): rename the tool` : `tools.${key} is quickbox's own`;
  return `"${key}" is not a valid identifier for tools.${key} (use letters, digits, _ and -, not starting with a digit)`;
}
