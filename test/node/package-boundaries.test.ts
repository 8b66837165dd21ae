/**
 * What a consumer's bundler meets in the built package (DESIGN §2, issue "works on the first try"):
 * - the root entry's graph has no idb-keyval, cloudflare:, adapter frameworks and no `node:` import
 *   at all: Node's built-ins are reached only through `#node-host`, whose default condition has none;
 * - the engine (QuickJS, the parsers, the guest prelude) is not in the root entry's static graph:
 *   it loads with isolation "inline" only (a dynamic import), and otherwise lives in the worker;
 * - dist/worker.mjs is one module with no imports whose only file URLs are its parts (sucrase, the
 *   prelude's source), files of their own beside it with no imports at all, loaded on first use;
 * - the worker and the wasm are referenced once each, in the form bundlers recognise;
 * - every export can be required (a "default" condition) and has types.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const dist = new URL("../../dist/", import.meta.url);
const packageJson = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  exports: Record<string, string | Record<string, string>>;
  imports: Record<string, Record<string, string>>;
};

const STATIC_IMPORT = /(?:^|\n|;)\s*(?:import|export)\s[^;'"]*?from\s*["']([^"']+)["']|(?:^|\n|;)\s*import\s*["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /import\(\s*((?:\/\*[^*]*\*\/\s*)*)["']([^"']+)["']\s*\)/g;

/** The files an entry loads, following relative static imports (and dynamic ones if asked). */
function moduleGraph(entry: string, withDynamic: boolean): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (name: string) => {
    if (files.has(name)) return;
    const code = readFileSync(new URL(name, dist), "utf8");
    files.set(name, code);
    const relative = [...code.matchAll(STATIC_IMPORT)].map((m) => (m[1] ?? m[2])!);
    if (withDynamic) relative.push(...[...code.matchAll(DYNAMIC_IMPORT)].map((m) => m[2]!));
    for (const specifier of relative) if (specifier.startsWith("./")) visit(specifier.slice(2));
  };
  visit(entry);
  return files;
}

const bareSpecifiers = (code: string) => [...[...code.matchAll(STATIC_IMPORT)].map((m) => (m[1] ?? m[2])!), ...[...code.matchAll(DYNAMIC_IMPORT)].map((m) => m[2]!)].filter((s) => !s.startsWith("./"));

describe("package boundaries (built dist/)", () => {
  it("dist/ exists (npm test builds first)", () => {
    expect(existsSync(new URL("index.js", dist))).toBe(true);
  });

  it("the root entry, with everything it may load, imports only comlink and #node-host: no node:, idb-keyval, cloudflare: or frameworks", () => {
    for (const [file, code] of moduleGraph("index.js", true)) {
      for (const specifier of bareSpecifiers(code)) expect(specifier, file).toMatch(/^(comlink(\/.*)?|#node-host)$/);
    }
  });

  it("#node-host: Node, Deno and Bun get the file with Node's built-ins, every other runtime one without", () => {
    const host = packageJson.imports["#node-host"]!;
    expect(Object.keys(host)).toEqual(["types", "node", "deno", "bun", "default"]);
    expect(host.node).toBe("./dist/node-host.js");
    expect(host.default).toBe("./dist/node-host-unavailable.js");
    expect(readFileSync(new URL("node-host-unavailable.js", dist), "utf8")).not.toMatch(/node:/);
    for (const dynamic of readFileSync(new URL("node-host.js", dist), "utf8").matchAll(DYNAMIC_IMPORT)) {
      if (!dynamic[2]!.startsWith("node:")) continue;
      expect(dynamic[1], `dynamic ${dynamic[2]} must be ignored by bundlers`).toMatch(/@vite-ignore/);
      expect(dynamic[1]).toMatch(/webpackIgnore: true/);
    }
  });

  it("the engine is not in the root entry's static graph: QuickJS, the parsers and the prelude load only for isolation inline (or a skill)", () => {
    const staticCode = [...moduleGraph("index.js", false).values()].join("\n");
    const everything = [...moduleGraph("index.js", true).values()].join("\n");
    // QuickJS's FFI, the cell transform, acorn's and sucrase's own error texts, the guest prelude.
    for (const marker of ["QTS_NewRuntime", "__quickbox_cell__", "Unterminated regular expression", "isFlowEnabled", "__quickbox_const__"]) {
      expect(staticCode.includes(marker), marker).toBe(false);
      expect(everything.includes(marker), marker).toBe(true);
    }
    // Figures for the notes: the root entry's static graph, in bytes.
    console.log(`root entry static graph: ${staticCode.length} bytes; with the lazily loaded engine: ${everything.length} bytes`);
  });

  it("the root entry's static graph (the page's own chunk) carries only what an app that calls createInterpreter + eval uses; the rest loads on first use", () => {
    const staticCode = [...moduleGraph("index.js", false).values()].join("\n");
    const everything = [...moduleGraph("index.js", true).values()].join("\n");
    const capabilities = {
      "the JSON Schema validator": "does not match any of",
      "devalue's stringify": "Cannot stringify a function",
      "devalue's parse": "Cannot parse an object with a non-string key",
      "the prompt's rules": "JavaScript/TypeScript interpreter (QuickJS). Write a short program",
      "background cells": "UNKNOWN_CELL",
    };
    for (const [capability, marker] of Object.entries(capabilities)) {
      expect(staticCode.includes(marker), `${capability} in the root entry's static graph`).toBe(false);
      expect(everything.includes(marker), `${capability} reachable at all`).toBe(true);
    }
  });

  it("dist/worker.mjs is one module: no bare imports but Node's ignored built-ins; its only file URLs are its parts, which import nothing", () => {
    const worker = readFileSync(new URL("worker.mjs", dist), "utf8");
    for (const specifier of bareSpecifiers(worker)) expect(specifier).toMatch(/^node:/);
    expect(worker).not.toMatch(/(?:^|\n|;)\s*(?:import|export)\s[^;'"]*?from\s*["']\.\//);
    const fileUrls = [...worker.matchAll(/new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g)].map((match) => match[1]);
    expect(fileUrls.sort()).toEqual(["./worker-prelude.mjs", "./worker-typescript.mjs"]);
    for (const part of ["worker-prelude.mjs", "worker-typescript.mjs"]) {
      expect(readFileSync(new URL(part, dist), "utf8"), part).not.toMatch(/new URL\(\s*["'][^"']+["']\s*,\s*import\.meta\.url\s*\)/);
    }
  });

  it("each of the worker's parts runs on its own (imported from a folder that holds nothing else)", async () => {
    const alone = mkdtempSync(join(tmpdir(), "quickbox-worker-part-"));
    try {
      for (const part of ["worker-prelude.mjs", "worker-typescript.mjs"]) copyFileSync(new URL(part, dist), join(alone, part));
      const prelude = (await import(pathToFileURL(join(alone, "worker-prelude.mjs")).href)) as { GUEST_PRELUDE_PIECES: unknown };
      expect(Array.isArray(prelude.GUEST_PRELUDE_PIECES)).toBe(true);
      const typescript = (await import(pathToFileURL(join(alone, "worker-typescript.mjs")).href)) as { transform(code: string, options: object): { code: string } };
      expect(typescript.transform("const n: number = 1;", { transforms: ["typescript"] }).code.trim()).toBe("const n = 1;");
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });

  it("dist/worker.mjs holds what a first result needs: sucrase and the prelude's source are its parts, loaded on first use", () => {
    const worker = readFileSync(new URL("worker.mjs", dist), "utf8");
    // A name from sucrase's parser; the prelude's first words; QuickJS's FFI (the engine stays in the worker).
    const preludeStart = "(function(){const {Object,Function,Array";
    expect(worker).not.toMatch(/isFlowEnabled/);
    expect(worker.includes(preludeStart)).toBe(false);
    // The chunks a thread loads on first use (web platform, inspector) are needed at any eval: they stay in.
    expect(worker.includes("(function(eval, {Object,Function,Array")).toBe(true);
    expect(worker).toMatch(/QTS_NewRuntime/);
    expect(readFileSync(new URL("worker-typescript.mjs", dist), "utf8")).toMatch(/isFlowEnabled/);
    expect(readFileSync(new URL("worker-prelude.mjs", dist), "utf8").includes(preludeStart)).toBe(true);
    console.log(`dist/worker.mjs: ${worker.length} bytes; its parts: ${["worker-typescript.mjs", "worker-prelude.mjs"].map((part) => `${part} ${readFileSync(new URL(part, dist), "utf8").length}`).join(", ")}`);
  });

  it("sucrase is bundled once: its parser (for namespaces) comes from the same ES module build as its transform", () => {
    // `"_accessor"` is an entry of sucrase's ContextualKeyword table (parser/tokenizer/keywords.js);
    // the CommonJS parser (sucrase/dist/parser) beside the ES module build held a second one.
    const tables = (code: string) => code.split(/["'`]_accessor["'`]/).length - 1;
    expect(tables([...moduleGraph("index.js", true).values()].join("\n"))).toBe(1);
    expect(tables(readFileSync(new URL("worker-typescript.mjs", dist), "utf8"))).toBe(1);
  });

  it("ships the worker and the wasm next to the entry, each referenced once, the way bundlers find them", () => {
    const code = [...moduleGraph("index.js", true).values()].join("\n");
    const count = (text: string) => code.split(text).length - 1;
    expect(count('new URL("./quickjs.wasm", import.meta.url)')).toBe(1);
    expect(count('new Worker(new URL("./worker.mjs", import.meta.url)')).toBe(1);
    expect(count('new URL("./worker.mjs", import.meta.url)')).toBe(1);
    expect(code).not.toMatch(/emscripten-module\.wasm["']\s*,\s*import\.meta\.url/);
    expect(existsSync(new URL("quickjs.wasm", dist))).toBe(true);
    expect(existsSync(new URL("worker.mjs", dist))).toBe(true);
  });

  it("node-host.js names its files in no form a bundler rewrites (webpack gives `new URL(\"./x\", import.meta.url)` in a server bundle its own URL object, which Node's fs refuses; Turbopack rewrites even `new URL(name, base)`)", () => {
    const nodeHost = readFileSync(new URL("node-host.js", dist), "utf8");
    expect(nodeHost).not.toMatch(/new URL\(/);
    expect(nodeHost).toMatch(/"worker\.mjs"/);
    expect(nodeHost).toMatch(/"quickjs\.wasm"/);
  });

  it("every code export has types and a default condition (require() on Node ≥ 20.19), and its files exist", () => {
    for (const [path, target] of Object.entries(packageJson.exports)) {
      if (path === "./package.json") continue;
      expect(typeof target, path).toBe("object");
      const conditions = target as Record<string, string>;
      expect(Object.keys(conditions)[0], path).toBe("types");
      expect(Object.keys(conditions).at(-1), path).toBe("default");
      for (const file of Object.values(conditions)) expect(existsSync(new URL(`../../${file}`, import.meta.url)), `${path}: ${file}`).toBe(true);
    }
  });

  it("no export's declarations reach QuickJS's own types (they need the esnext.disposable lib a consumer may not have)", () => {
    const reaching: string[] = [];
    for (const [path, target] of Object.entries(packageJson.exports)) {
      if (path === "./package.json") continue;
      const types = (target as Record<string, string>).types!.replace(/^\.\/dist\//, "");
      const seen = new Set<string>();
      const visit = (name: string, trail: string[]) => {
        if (seen.has(name)) return;
        seen.add(name);
        const code = readFileSync(new URL(name, dist), "utf8");
        for (const match of code.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
          const specifier = match[1]!;
          if (/^(quickjs-emscripten|@jitl\/)/.test(specifier)) reaching.push([...trail, name, specifier].join(" → "));
          if (!specifier.startsWith(".")) continue;
          const next = new URL(specifier.replace(/\.js$/, ".d.ts"), new URL(name, dist)).href.slice(dist.href.length);
          if (existsSync(new URL(next, dist))) visit(next, [...trail, name]);
        }
      };
      visit(types, [path]);
    }
    expect(reaching).toEqual([]);
  });
});
