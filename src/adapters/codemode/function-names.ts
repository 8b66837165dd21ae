/**
 * The names a program uses for a namespace's functions: codemode's own rule (`sanitizeToolName` in
 * @cloudflare/codemode, whose entry cannot load outside workerd) — `-`, `.` and spaces become `_`,
 * other characters outside [A-Za-z0-9_$] are dropped, a leading digit gets a `_`, a reserved word a
 * trailing `_` — so the names the model was shown (codemode generates them) reach the functions.
 */
const RESERVED = new Set(
  (
    "abstract arguments await boolean break byte case catch char class const continue debugger default delete do double else enum eval export " +
    "extends false final finally float for function goto if implements import in instanceof int interface let long native new null package " +
    "private protected public return short static super switch synchronized this throw throws transient true try typeof undefined var void " +
    "volatile while with yield"
  ).split(" "),
);

export function sanitizeFunctionName(name: string): string {
  if (!name) return "_";
  let sanitized = name.replace(/[-.\s]/g, "_").replace(/[^a-zA-Z0-9_$]/g, "");
  if (!sanitized) return "_";
  if (/^[0-9]/.test(sanitized)) sanitized = `_${sanitized}`;
  if (RESERVED.has(sanitized)) sanitized = `${sanitized}_`;
  return sanitized;
}

/** A namespace's functions by the name the program calls them; a clash of two names is a problem. */
export function functionsByName(provider: string, fns: Record<string, unknown>): Map<string, unknown> | string {
  const byName = new Map<string, unknown>();
  const original = new Map<string, string>();
  for (const [name, fn] of Object.entries(fns)) {
    const sanitized = sanitizeFunctionName(name);
    const earlier = original.get(sanitized);
    if (earlier !== undefined && earlier !== name) return `Tool names "${earlier}" and "${name}" both sanitize to "${sanitized}" in provider "${provider}"`;
    original.set(sanitized, name);
    byName.set(sanitized, fn);
  }
  return byName;
}
