// Assertions shared by the checks, with messages that say what the consumer saw.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { sha256 } from "./package-under-test.mjs";

/** The wire text of the program every app runs: one tool, called three times. */
export const PROGRAM = "const xs: number[] = await Promise.all([1, 2, 3].map((n: number) => tools.doubleIt({ n }))); xs";
export const PROGRAM_TEXT = "<result>[ 2, 4, 6 ]</result>";

export function expectEqual(actual, expected, what) {
  if (actual !== expected) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

/** A browser app ran PROGRAM in a Web Worker (the default isolation) without errors. */
export function expectPageRanProgram(result) {
  const problems = [];
  if (result.status !== "ok" || result.text !== PROGRAM_TEXT) {
    problems.push(`the page showed (${result.status}): ${firstLines(result.text, 12)}`);
  }
  if (result.workers.length === 0) problems.push("no Web Worker was started (the default isolation is \"worker\")");
  if (result.errors.length > 0) problems.push(`browser errors:\n${result.errors.map((e) => firstLines(e, 4)).join("\n")}`);
  if (problems.length > 0) throw new Error(problems.join("\n"));
}

export function firstLines(text, count) {
  return String(text ?? "").split("\n").slice(0, count).join("\n");
}

/** Every file under `dir` (relative paths), skipping folders named in `skip`. */
export function listFiles(dir, skip = []) {
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!skip.includes(entry.name)) walk(path);
      } else if (entry.isFile()) {
        files.push(relative(dir, path));
      }
    }
  };
  walk(dir);
  return files.sort();
}

/** Files under `dir` whose bytes are exactly those of a file with sha256 `hash`. */
export function copiesOf(dir, hash, skip = []) {
  return listFiles(dir, skip).filter((file) => sha256(readFileSync(join(dir, file))) === hash);
}

export function describeFiles(dir, files) {
  return files.map((file) => `${file} (${Math.round(statSync(join(dir, file)).size / 1024)} kB)`).join(", ");
}

/**
 * Output files that are the package's modules copied as they are (not bundled): a file that still
 * imports one of the package's chunks by its relative name (it cannot run without its siblings).
 * A copy of the self-contained dist/worker.mjs is not one: it runs on its own.
 */
export function unbundledCopies(dir, quickbox, skip = []) {
  const names = quickbox.distChunks.map((name) => name.replace(/[.]/g, "\\."));
  const importsSibling = new RegExp(`(from|import)\\s*\\(?\\s*["']\\./(${names.join("|")})["']`);
  return listFiles(dir, skip).filter((file) => {
    if (!/\.(m?js|cjs)$/.test(file)) return false;
    const bytes = readFileSync(join(dir, file));
    return importsSibling.test(bytes.toString("utf8"));
  });
}

/** A bundler's output ships the QuickJS wasm exactly once and no unbundled copy of the package. */
export function expectBuildOutput(dir, quickbox, skip = []) {
  const wasm = copiesOf(dir, quickbox.wasmSha256, skip);
  const unbundled = unbundledCopies(dir, quickbox, skip);
  const problems = [];
  if (wasm.length !== 1) problems.push(`expected the quickjs wasm once in the build output, found ${wasm.length}: ${describeFiles(dir, wasm) || "none"}`);
  if (unbundled.length > 0) problems.push(`package modules copied unbundled (they import their siblings by relative path): ${describeFiles(dir, unbundled)}`);
  if (problems.length > 0) throw new Error(problems.join("\n"));
}
