/**
 * The root entry stays free of platform and optional code (DESIGN §2): no idb-keyval, no static
 * Node built-ins, no cloudflare:*, no framework adapters. Node built-ins may only appear as
 * dynamic imports the bundlers are told to ignore (they run only on Node).
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const dist = new URL("../../dist/", import.meta.url);

function moduleGraph(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (name: string) => {
    if (files.has(name)) return;
    const code = readFileSync(new URL(name, dist), "utf8");
    files.set(name, code);
    for (const match of code.matchAll(/(?:import|export)\s[^'"]*?from\s*["'](\.\/[^"']+)["']|import\s*["'](\.\/[^"']+)["']/g)) visit((match[1] ?? match[2])!.slice(2));
  };
  visit(entry);
  return files;
}

describe("package boundaries (built dist/)", () => {
  it("dist/ exists (npm test builds first)", () => {
    expect(existsSync(new URL("index.js", dist))).toBe(true);
  });

  it("the root entry imports no idb-keyval, Node built-ins, cloudflare: or adapter frameworks", () => {
    for (const [file, code] of moduleGraph("index.js")) {
      const staticImports = [...code.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']/g)].map((m) => m[1]!);
      for (const specifier of staticImports) {
        expect(specifier, file).not.toMatch(/^(idb-keyval|node:|cloudflare:|langchain|@langchain\/|ai$|@modelcontextprotocol\/)/);
      }
      for (const dynamic of code.matchAll(/import\(\s*((?:\/\*[^*]*\*\/\s*)*)["'](node:[^"']+)["']\s*\)/g)) {
        expect(dynamic[1], `${file}: dynamic ${dynamic[2]} must be ignored by bundlers`).toMatch(/@vite-ignore/);
        expect(dynamic[1]).toMatch(/webpackIgnore: true/);
      }
    }
  });

  it("ships the worker and the wasm next to the entry, referenced the way bundlers find them", () => {
    const code = [...moduleGraph("index.js").values()].join("\n");
    expect(code).toContain('new URL("./quickjs.wasm", import.meta.url)');
    expect(code).toContain('new Worker(new URL("./worker.js", import.meta.url)');
    expect(existsSync(new URL("quickjs.wasm", dist))).toBe(true);
    expect(existsSync(new URL("worker.js", dist))).toBe(true);
  });
});
