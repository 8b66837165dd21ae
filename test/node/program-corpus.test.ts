/**
 * The program corpus (test/programs/, issue 15): programs in the shapes that agents write and that the
 * docs and system prompts of the code-mode systems show models — Anthropic's code execution with MCP,
 * TanStack AI code mode, Cloudflare Code Mode, Vercel's AI SDK code mode, LangChain's QuickJS
 * interpreters, OpenAI Codex's code mode — plus plain agent-written cells. Each runs in quickbox
 * (inline and worker isolation) and in plain Node with the same stub tools
 * (test/shared/program-corpus-host.ts describes the Node reference runner), and must behave the same:
 *   - ok in Node → quickbox's status is "ok" and result.value deep-equals Node's result
 *     (structured-cloned on both sides);
 *   - throws in Node → quickbox's status is "error" with error.type / error.message = Node's
 *     error name / message;
 *   - console output matches line by line (result.stdout).
 *
 * Each program file starts with a header: `// convention: <name>`, `// tools: <names>` and a line
 * saying what it does. A summary line says how many of the N programs match.
 */
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInterpreter, type EvalResult, type Interpreter } from "../../src/index.js";
import { dispatchStub, newRunState, quickboxTools, runInNode, SUBAGENT_TYPES, type NodeOutcome, type RunState } from "../shared/program-corpus-host.js";

const PROGRAM_DIR = new URL("../programs/", import.meta.url);

interface CorpusProgram {
  name: string;
  source: string;
  typescript: boolean;
  convention: string;
}

function loadPrograms(): CorpusProgram[] {
  return readdirSync(PROGRAM_DIR)
    .filter((file) => /\.(js|ts)$/.test(file))
    .sort()
    .map((file) => {
      const source = readFileSync(new URL(file, PROGRAM_DIR), "utf8");
      const convention = /^\/\/ convention: (\S+)/m.exec(source)?.[1];
      if (!convention) throw new Error(`test/programs/${file} has no "// convention:" header`);
      if (!/^\/\/ tools: /m.test(source)) throw new Error(`test/programs/${file} has no "// tools:" header`);
      return { name: file, source, typescript: file.endsWith(".ts"), convention };
    });
}

const programs = loadPrograms();
const MODES = ["inline", "worker"] as const;
type Mode = (typeof MODES)[number];

/** Node's outcome per program, computed once (it does not depend on quickbox's isolation). */
const nodeOutcomes = new Map<string, Promise<NodeOutcome>>();
function nodeOutcome(program: CorpusProgram): Promise<NodeOutcome> {
  let outcome = nodeOutcomes.get(program.name);
  if (!outcome) {
    outcome = runInNode(program.source, program.typescript);
    nodeOutcomes.set(program.name, outcome);
  }
  return outcome;
}

const lines = (text: string): string[] => (text === "" ? [] : text.replace(/\n$/, "").split("\n"));

/** What is compared: the same fields from both sides. */
function observedInQuickbox(result: EvalResult): unknown {
  const stdout = lines(result.stdout);
  if (result.status === "ok") return { status: "ok", value: result.value, stdout };
  return { status: result.status, error: result.error ? { type: result.error.type, message: result.error.message } : undefined, stdout };
}

function expectedFromNode(outcome: NodeOutcome): unknown {
  const stdout = lines(outcome.stdout.join("\n"));
  if (outcome.ok) return { status: "ok", value: outcome.value, stdout };
  return { status: "error", error: { type: outcome.error.name, message: outcome.error.message }, stdout };
}

const shapes = new Map<string, string>();
const matched: Record<Mode, Set<string>> = { inline: new Set(), worker: new Set() };
const timings: Record<Mode, number> = { inline: 0, worker: 0 };

afterAll(() => {
  const both = programs.filter((p) => matched.inline.has(p.name) && matched.worker.has(p.name));
  const byConvention = new Map<string, { total: number; ok: number }>();
  for (const p of programs) {
    const entry = byConvention.get(p.convention) ?? { total: 0, ok: 0 };
    entry.total++;
    if (both.includes(p)) entry.ok++;
    byConvention.set(p.convention, entry);
  }
  const byShape = new Map<string, { total: number; ok: number }>();
  for (const p of programs) {
    const shape = shapes.get(p.name) ?? "not run";
    const entry = byShape.get(shape) ?? { total: 0, ok: 0 };
    entry.total++;
    if (both.includes(p)) entry.ok++;
    byShape.set(shape, entry);
  }
  const failing = programs.filter((p) => !both.includes(p)).map((p) => p.name);
  console.log(
    [
      `program corpus: ${both.length} of ${programs.length} programs match Node (inline ${matched.inline.size}/${programs.length}, worker ${matched.worker.size}/${programs.length}; quickbox time inline ${timings.inline.toFixed(0)} ms, worker ${timings.worker.toFixed(0)} ms)`,
      `  by convention: ${[...byConvention].map(([c, { total, ok }]) => `${c} ${ok}/${total}`).join(", ")}`,
      `  by shape (as the Node runner read it): ${[...byShape].map(([c, { total, ok }]) => `${c} ${ok}/${total}`).join(", ")}`,
      ...(failing.length ? [`  not matching: ${failing.join(", ")}`] : []),
    ].join("\n"),
  );
});

it("the corpus has at least 40 programs, in every convention", () => {
  expect(programs.length).toBeGreaterThanOrEqual(40);
  expect(new Set(programs.map((p) => p.convention))).toEqual(
    new Set(["anthropic-mcp", "tanstack-codemode", "cloudflare-codemode", "vercel-codemode", "langchain-quickjs", "codex-codemode", "agent"]),
  );
});

for (const mode of MODES) {
  describe(`program corpus (Node, ${mode}): quickbox behaves as Node`, () => {
    let qb: Interpreter;
    const states = new Map<string, RunState>();
    const stateFor = (threadId: string): RunState => {
      let state = states.get(threadId);
      if (!state) states.set(threadId, (state = newRunState()));
      return state;
    };

    beforeAll(async () => {
      qb = await createInterpreter({
        isolation: mode,
        tools: quickboxTools(stateFor),
        subagents: { dispatch: (request) => dispatchStub(request), types: SUBAGENT_TYPES },
        randomSeed: 1,
      });
    });

    afterAll(async () => {
      await qb?.dispose();
    });

    for (const program of programs) {
      it(program.name, async () => {
        const outcome = await nodeOutcome(program);
        shapes.set(program.name, outcome.shape);
        const expected = expectedFromNode(outcome);
        const started = performance.now();
        // A fresh thread per program: its own globals, its own virtual clock at 0, its own stub state.
        const result = await qb.eval(program.source, { threadId: program.name });
        timings[mode] += performance.now() - started;
        expect(observedInQuickbox(result), `quickbox's result:\n${result.text}`).toStrictEqual(expected);
        matched[mode].add(program.name);
      });
    }
  });
}
