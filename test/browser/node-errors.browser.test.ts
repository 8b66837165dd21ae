import { describe } from "vitest";
import { commands } from "vitest/browser";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { defineNodeErrorsSuite } from "../shared/node-errors-suite.js";

declare module "vitest/browser" {
  interface BrowserCommands {
    /** Node's `name: message` for each program (test/shared/node-error-oracle.ts, run by the vitest server). */
    nodeErrorMessages: (codes: string[]) => Promise<(string | null)[]>;
  }
}

describe("errors read as Node's (Chromium, inline)", () => {
  defineNodeErrorsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }), (codes) => commands.nodeErrorMessages(codes), "Chromium, inline");
});

describe("errors read as Node's (Chromium, worker)", () => {
  defineNodeErrorsSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }), (codes) => commands.nodeErrorMessages(codes), "Chromium, worker");
});
