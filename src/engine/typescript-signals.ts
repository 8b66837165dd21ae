/**
 * Signs that a cell is TypeScript. Most TypeScript-only syntax fails to parse as JavaScript, and
 * then the cell goes through the TypeScript path; a generic call does not: `id<string>("a")` and
 * `Array.from<number>(xs)` are valid JavaScript comparisons (that then fail at run time with
 * "'string' is not defined"). TypeScript reads them as calls with type arguments, and so do we.
 */

const TYPESCRIPT_WORDS = new Set(["type", "interface", "enum", "as", "satisfies", "implements", "declare", "namespace", "abstract", "readonly", "private", "public", "protected", "keyof"]);

/** Is what JavaScript stumbled on at `index` TypeScript syntax (`x: T`, `f<T>`, `x!`, `interface`, …)? */
export function typeScriptSyntaxAt(code: string, index: number): boolean {
  const char = code[index];
  // `{"a": 1}` as a statement: a colon after a string or number is an object's, not a type's.
  if (char === ":" && /["'`\d]\s*$/.test(code.slice(Math.max(0, index - 40), index))) return false;
  // `<div>…</div>` is JSX: no TypeScript syntax closes a tag.
  if (char === "<" && /^<[A-Za-z][\w.-]*[\s>/][^]*<\/[A-Za-z]/.test(code.slice(index))) return false;
  if (char !== undefined && ":<!?".includes(char)) return true;
  const wordAt = /^[A-Za-z]+/.exec(code.slice(index, index + 40))?.[0] ?? "";
  const wordBefore = /([A-Za-z]+)\s*$/.exec(code.slice(Math.max(0, index - 40), index))?.[1] ?? "";
  return TYPESCRIPT_WORDS.has(wordAt) || TYPESCRIPT_WORDS.has(wordBefore);
}

/** Type arguments are at most this long: the scan from each `<` is bounded (linear in the cell). */
const MAX_TYPE_ARGUMENT_CHARS = 120;
/**
 * `name<Type, Other<X>[], "literal">(`: a name, then type arguments made of names, dots,
 * commas, brackets, `|`, string literals and nested `<…>`, then an opening parenthesis.
 */
const GENERIC_CALL = new RegExp(`[\\w$]\\s*<[\\w$\\s,.|\\[\\]<>'"]{1,${MAX_TYPE_ARGUMENT_CHARS}}?>\\s*\\(`);
const CLOSES_TYPE_ARGUMENTS = />\s*\(/;

/** Does the cell call something with type arguments (`f<T>(…)`)? */
export function hasGenericCall(code: string): boolean {
  return CLOSES_TYPE_ARGUMENTS.test(code) && GENERIC_CALL.test(code);
}
