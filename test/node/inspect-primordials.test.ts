import { Console } from "node:console";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { escapeBody } from "../../src/result/wire-format.js";
import { defineInspectPrimordialsSuite, RENDERED_VALUE, RENDERING_LINES } from "../shared/inspect-primordials-suite.js";

describe("inspector primordials (Node, inline)", () => {
  defineInspectPrimordialsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("inspector primordials (Node, worker)", () => {
  defineInspectPrimordialsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});

describe("the untouched rendering the suite compares with", () => {
  it("is Node's: console lines as Node's console prints them, the result as util.inspect", async () => {
    let out = "";
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    const nodeConsole = new Console({ stdout: stream, stderr: stream, colorMode: false });
    const value = new Function("console", `const value = ${RENDERED_VALUE};\n${RENDERING_LINES.replace(/; value$/, "; return value")}`)(nodeConsole) as unknown;
    const { inspect } = await import("node:util");
    const qb = await createInterpreter({ isolation: "inline", maxResultChars: 100_000 });
    try {
      const result = await qb.eval(`const value = ${RENDERED_VALUE};\n${RENDERING_LINES}`);
      expect(result.stdout).toBe(out.replace(/\n$/, ""));
      expect(result.text.endsWith(`<result>${escapeBody(inspect(value))}</result>`), result.text).toBe(true);
    } finally {
      await qb.dispose();
    }
  });
});
