/**
 * Runs README.md's examples and checks each console.log against the output its comments show
 * (a trailing `// …` on the same line, or the `// …` lines that follow it).
 */
import { readFileSync } from "node:fs";
import { formatWithOptions } from "node:util";
import { transform } from "sucrase";
import { expect, it } from "vitest";
import * as quickbox from "../../src/index.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

function exampleUnder(heading: string): string {
  const section = readme.split(`\n${heading}\n`)[1];
  const match = section && /```ts\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error(`README.md has no \`\`\`ts block under '${heading}'`);
  return match[1]!;
}

function expectedLogs(code: string): string[] {
  const lines = code.split("\n");
  const expected: string[] = [];
  lines.forEach((line, index) => {
    if (!/^\s*console\.log\(/.test(line)) return;
    const sameLine = /\);\s*\/\/ (.*)$/.exec(line);
    if (sameLine) return void expected.push(sameLine[1]!);
    const following: string[] = [];
    for (let next = index + 1; next < lines.length && /^\s*\/\/ ?/.test(lines[next]!); next++) {
      following.push(lines[next]!.replace(/^\s*\/\/ ?/, ""));
    }
    expected.push(following.join("\n"));
  });
  return expected;
}

async function runExample(typescript: string): Promise<void> {
  const code = transform(typescript, { transforms: ["typescript"] }).code;
  const imports = /^import \{([^}]+)\} from "quickbox";$/m.exec(code);
  expect(imports, "the example imports from quickbox").not.toBeNull();
  const names = imports![1]!.split(",").map((name) => name.trim()).filter(Boolean);
  const body = code.replace(imports![0], "");
  const logs: string[] = [];
  const log = (...args: unknown[]) => logs.push(formatWithOptions({}, ...args));
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
  const run = new AsyncFunction(...names, "console", body);
  await run(...names.map((name) => (quickbox as Record<string, unknown>)[name]), { log });
  expect(logs).toEqual(expectedLogs(typescript));
  expect(logs.length).toBeGreaterThan(0);
}

it("README's first example runs and prints what its comments say", async () => {
  await runExample(exampleUnder("## First example"));
});

it("README's approval example pauses, survives the interpreter, resumes and prints what its comments say", async () => {
  await runExample(exampleUnder("## Pausing for approval, and threads that survive the process"));
});
