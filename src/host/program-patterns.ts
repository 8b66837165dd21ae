/**
 * `pattern` in a schema the PROGRAM wrote (task()'s responseSchema) is a regular expression the
 * program chose: run by the host's backtracking engine, `^(.*.*)*X$` against a 20-character reply
 * would take hours. Here each such pattern is compiled with RE2 (re2js: linear-time matching,
 * no backtracking) and the schema is rewritten to check it through a format of its own; the
 * validator's own RegExp never sees it. `patternProperties` (regular expressions over property
 * names, run by the validator itself) is refused.
 */
import { format as libraryFormats } from "@cfworker/json-schema";
import { mapSchemas } from "./schema-walk.js";

let nextPattern = 1;

export async function withProgramPatterns<T>(schema: T): Promise<{ schema: T; release(): void }> {
  const table = libraryFormats as Record<string, (text: string) => boolean>;
  const registered: string[] = [];
  const release = () => {
    for (const name of registered.splice(0)) delete table[name];
  };
  const patterns: { node: Record<string, unknown>; source: string }[] = [];
  const rewritten = mapSchemas(schema, (node) => {
    if (node.patternProperties !== undefined) throw new Error("patternProperties is not supported in a program's schema (its regular expressions would run unbounded); use pattern on values");
    if (typeof node.pattern === "string") patterns.push({ node, source: node.pattern });
    return node;
  }) as T;
  if (!patterns.length) return { schema: rewritten, release };
  const { RE2JS } = await import("re2js");
  try {
    for (const { node, source } of patterns) {
      let compiled: InstanceType<typeof RE2JS>;
      try {
        compiled = RE2JS.compile(source);
      } catch (error) {
        throw new Error(`pattern ${JSON.stringify(source.slice(0, 80))} is not supported (${error instanceof Error ? error.message : String(error)}); lookarounds and backreferences cannot be checked`);
      }
      const name = `quickbox:pattern:${nextPattern++}`;
      table[name] = (text) => compiled.matcher(text).find();
      registered.push(name);
      delete node.pattern;
      node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), { format: name }];
    }
  } catch (error) {
    release();
    throw error;
  }
  return { schema: rewritten, release };
}
