/**
 * The shape of src/ that the renovation left (README, "Repository"): small files, no runtime
 * import cycle between folders, and the engine contract declared in one place only.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../../src");
const MAX_LINES = 400;

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".d.ts") ? [path] : [];
  });
}

/** Relative imports that exist at run time (`import type` and `export type` vanish). */
function runtimeImports(file: string): string[] {
  const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "");
  const specifiers: string[] = [];
  for (const match of code.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["'](\.[^"']+)["']/gm)) {
    if (match[2]) continue;
    // `import { type A, type B }` is type-only too.
    const names = match[3]!.replace(/^\{|\}$/g, "").split(",").map((part) => part.trim()).filter(Boolean);
    if (names.length && names.every((name) => name.startsWith("type "))) continue;
    specifiers.push(match[4]!);
  }
  for (const match of code.matchAll(/^\s*import\s+["'](\.[^"']+)["']/gm)) specifiers.push(match[1]!);
  for (const match of code.matchAll(/import\(\s*(?:\/\*[^*]*\*\/\s*)*["'](\.[^"']+)["']\s*\)/g)) specifiers.push(match[1]!);
  return specifiers.map((specifier) => resolve(dirname(file), specifier).replace(/\.js$/, ".ts"));
}

/** The folder (or top-level file) of src/ a file belongs to. */
const areaOf = (file: string) => relative(SRC, file).split("/")[0]!;

function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "visiting") return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, "visiting");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("source layout", () => {
  const files = sourceFiles();

  it(`no file in src/ is longer than ${MAX_LINES} lines`, () => {
    const long = files.map((file) => [relative(SRC, file), readFileSync(file, "utf8").split("\n").length] as const).filter(([, lines]) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("folders of src/ import each other without a runtime cycle", () => {
    const graph = new Map<string, Set<string>>();
    for (const file of files) {
      const from = areaOf(file);
      const edges = graph.get(from) ?? new Set<string>();
      graph.set(from, edges);
      for (const target of runtimeImports(file)) {
        const to = areaOf(target);
        if (to !== from && !target.startsWith("..")) edges.add(to);
      }
    }
    expect(findCycle(graph)).toBeNull();
  });

  it("the cycle finder finds a cycle (self-check)", () => {
    expect(findCycle(new Map([["a", new Set(["b"])], ["b", new Set(["a"])]]))).toEqual(["a", "b", "a"]);
  });

  it("the engine contract's types are declared in engine-contract.ts (its guest part in guest-contract.ts, the worker wire's in worker-contract.ts) only", () => {
    const contracts = ["engine-contract.ts", "guest-contract.ts", "worker-contract.ts"];
    const contract = contracts.map((name) => readFileSync(join(SRC, name), "utf8")).join("\n");
    const names = [...contract.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1]!);
    expect(names.length).toBeGreaterThan(20);
    const redeclared: string[] = [];
    for (const file of files) {
      if (contracts.some((name) => file.endsWith(`src/${name}`))) continue;
      const code = readFileSync(file, "utf8");
      for (const name of names) {
        if (new RegExp(`^\\s*(?:export\\s+)?(?:interface|type)\\s+${name}\\b`, "m").test(code)) redeclared.push(`${relative(SRC, file)}: ${name}`);
      }
    }
    expect(redeclared).toEqual([]);
  });
});
