/**
 * The framework adapters (src/adapters/<name>/) build on the public API only: a relative import
 * in an adapter stays inside its own folder or goes to src/index.ts (the public API) or
 * src/adapter-support.ts (the one sanctioned internal utility module). Internals can then move
 * without touching the adapters. Package imports ("ai", "@langchain/…", "cloudflare:workers") are
 * not checked here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SRC = join(ROOT, "src");
const ADAPTERS = join(SRC, "adapters");
const SANCTIONED = new Set([join(SRC, "index.ts"), join(SRC, "adapter-support.ts")]);

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Characters after which a `/` starts a regular expression literal rather than a division. */
const REGEX_PRECEDERS = new Set([..."(,=:[!&|?{};+-*%<>~^"]);

/**
 * The source with comments blanked out (so an import shown in a doc comment is not read as one);
 * string, template and regular expression literals are kept as they are.
 */
function withoutComments(source: string): string {
  let out = "";
  let i = 0;
  let previous = ""; // last non-space character of code, to tell a regex literal from a division
  const word = () => /([A-Za-z_$][\w$]*)\s*$/.exec(out)?.[1];
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      i = end === -1 ? source.length : end;
      continue;
    }
    if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === "\\" ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
      previous = c;
      continue;
    }
    if (c === "/" && (previous === "" || REGEX_PRECEDERS.has(previous) || ["return", "typeof", "case", "in", "of"].includes(word() ?? ""))) {
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== "\n" && (inClass || source[j] !== "/")) {
        if (source[j] === "\\") j++;
        else if (source[j] === "[") inClass = true;
        else if (source[j] === "]") inClass = false;
        j++;
      }
      out += source.slice(i, j + 1);
      i = j + 1;
      previous = "/";
      continue;
    }
    out += c;
    if (!/\s/.test(c)) previous = c;
    i++;
  }
  return out;
}

/** Every module specifier the file imports or re-exports: static, side-effect, type-only and `import("…")`. */
function importSpecifiers(source: string): { specifiers: string[]; unresolvable: string[] } {
  const code = withoutComments(source);
  const specifiers: string[] = [];
  const patterns = [
    // import … from "x" / import type … from "x" / export … from "x" / export * from "x"
    /(?:^|[;}\n])\s*(?:import|export)\b[^;"'`]*?\bfrom\s*(["'])([^"']*)\1/g,
    // import "x"
    /(?:^|[;}\n])\s*import\s*(["'])([^"']*)\1/g,
    // import("x"), including type positions: import("x").Type
    /\bimport\s*\(\s*(["'`])([^"'`]*)\1\s*[,)]/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) specifiers.push(match[2]!);
  // import(someVariable): what it loads cannot be checked, so it is not allowed in an adapter.
  const unresolvable = [...code.matchAll(/\bimport\s*\(\s*(?!["'`][^"'`$]*["'`]\s*[,)])([^)]*)\)/g)].map((m) => m[0]);
  return { specifiers, unresolvable };
}

/** Why `specifier` imported by `file` is not allowed, or undefined if it is. */
function importProblem(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined; // a package
  const target = resolve(dirname(file), specifier).replace(/\.js$/, ".ts");
  const adapterFolder = join(ADAPTERS, relative(ADAPTERS, file).split(sep)[0]!);
  if (target.startsWith(adapterFolder + sep)) return undefined;
  if (SANCTIONED.has(target)) return undefined;
  return `${relative(ROOT, file)} imports "${specifier}" (${relative(ROOT, target)}); adapters may import only their own folder, src/index.ts (the public API) or src/adapter-support.ts`;
}

describe("adapter imports", () => {
  it("the import scanner finds every kind of import and skips comments", () => {
    const { specifiers, unresolvable } = importSpecifiers(
      [
        `/** Example: import { x } from "../../in-a-comment.js" */`,
        `// import { y } from "../../also-a-comment.js";`,
        `import { a } from "../../a.js";`,
        `import type { B } from "../../b.js";`,
        `import {\n  c,\n  type D,\n} from "../../c.js";`,
        `import * as e from "./e.js";`,
        `import "../../side-effect.js";`,
        `export { f } from "../../f.js";`,
        `export * from "../../g.js";`,
        `export type { H } from '../../h.js';`,
        `const text = "import { z } from '../../in-a-string.js'".replace(/["']/g, "");`,
        `const i = await import("../../i.js");`,
        `type J = import("../../j.js").J;`,
        `const k = await import(name);`,
      ].join("\n"),
    );
    expect(specifiers.sort()).toEqual(["../../a.js", "../../b.js", "../../c.js", "../../f.js", "../../g.js", "../../h.js", "../../i.js", "../../j.js", "../../side-effect.js", "./e.js"]);
    expect(unresolvable).toEqual(["import(name)"]);
  });

  it("the rule allows the own folder, src/index.ts and src/adapter-support.ts only", () => {
    const file = join(ADAPTERS, "langchain", "example.ts");
    expect(importProblem(file, "./agent-tools.js")).toBeUndefined();
    expect(importProblem(file, "../../index.js")).toBeUndefined();
    expect(importProblem(file, "../../adapter-support.js")).toBeUndefined();
    expect(importProblem(file, "@langchain/core")).toBeUndefined();
    expect(importProblem(file, "../../host/tool-names.js")).toMatch(/host\/tool-names\.ts/);
    expect(importProblem(file, "../../types.js")).toBeDefined();
    expect(importProblem(file, "../ai/keyed-queue.js")).toBeDefined(); // another adapter's folder
    expect(importProblem(file, "..")).toBeDefined();
  });

  const files = tsFiles(ADAPTERS);

  it("finds the adapters", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))("%s imports only its own folder, the public API and src/adapter-support.ts", (_, file) => {
    const { specifiers, unresolvable } = importSpecifiers(readFileSync(file, "utf8"));
    expect(unresolvable, "a dynamic import with a computed specifier cannot be checked").toEqual([]);
    expect(specifiers.map((specifier) => importProblem(file, specifier)).filter(Boolean)).toEqual([]);
  });
});

describe("adapter wire text", () => {
  /** A whole wire-format tag written out (`<error type="X">…</error>`): only src/result/wire-format.ts renders those. */
  const WRITTEN_TAG = /<(stdout|result|error|paused|running)\b[^<>]*>[^\n]*<\/\1>/;

  it("the check finds a hand-written tag and lets prose that names one pass", () => {
    expect(WRITTEN_TAG.test('text = `<error type="ThreadPaused">paused</error>`;')).toBe(true);
    expect(WRITTEN_TAG.test("`${result.text}` + `<running>${body}</running>`")).toBe(true);
    expect(WRITTEN_TAG.test('"the eval tool answers <running> with its cell id"')).toBe(false);
  });

  it.each(tsFiles(ADAPTERS).map((file) => [relative(ROOT, file), file]))("%s writes no wire tags itself (it renders them with adapter-support's renderError / renderRunning)", (_, file) => {
    const code = withoutComments(readFileSync(file, "utf8"));
    expect(code.split("\n").filter((line) => WRITTEN_TAG.test(line))).toEqual([]);
  });
});
