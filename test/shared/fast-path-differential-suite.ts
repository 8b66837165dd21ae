/**
 * The eval fast path (src/engine/quick-finish.ts: the host reads a primitive result straight out
 * of guest memory) proven equal to the general path (the guest renders and reports it), property
 * by property (issue 27 §3). fast-check generates values — strings over the whole UTF-16 range
 * (NUL, lone surrogates, U+FFFD, line separators, the format's own `<`), numbers (−0, NaN,
 * ±Infinity, subnormals, integers past 2^53), bigints, booleans, null, undefined, nested objects
 * and arrays — and each is returned by programs of several shapes, each pair one that can take a
 * fast path and one that cannot:
 *   - at once: `(v)` (quickFinish) — `await null; (v)` (a job queued: the general poll);
 *   - after a tool call: `await tools.echo({}); (v)` (quickSettle) — the same with a timer still
 *     pending (the general poll cancels it);
 *   - a value a tool returned: `await tools.give({})`, settled fast — and with a timer pending;
 *   - after timers: `await sleep(5); (v)` (the general path) — against the at-once pair.
 * Every pair must give the same EvalResult (all but durationMs and evalId), under the default
 * limits, a small maxResultChars (cut results) and a small maxToolPayloadBytes (values not
 * copied). CI runs a fixed seed; `npm run test:fast-path` runs a larger budget (FAST_PATH_RUNS,
 * FAST_PATH_SEED).
 */
import { stringify } from "devalue";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvalResult, Interpreter, InterpreterOptions } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";

export interface DifferentialBudget {
  /** Values per interpreter configuration. */
  runs: number;
  seed: number;
}

/** A value a program can return, and JavaScript source that makes exactly it. */
interface Generated {
  value: unknown;
  source: string;
}

/** Code units every string generator draws on beside the whole range: the ones readers get wrong. */
const AWKWARD_UNITS = [0x0, 0x1, 0x1b, 0x3c, 0x26, 0x22, 0x27, 0x5c, 0x0a, 0x0d, 0x2028, 0x2029, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xfffd, 0xfeff, 0xffff];

const codeUnit = fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.constantFrom(...AWKWARD_UNITS));

/** Strings of arbitrary UTF-16 code units (lone surrogates included), sometimes longer than a small maxResultChars. */
const utf16String: fc.Arbitrary<string> = fc.oneof(
  fc.array(codeUnit, { maxLength: 24 }).map((units) => String.fromCharCode(...units)),
  fc.tuple(codeUnit, fc.integer({ min: 30, max: 120 })).map(([unit, length]) => String.fromCharCode(unit).repeat(length)),
);

const numberValue: fc.Arbitrary<number> = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(-0, 0, Number.NaN, Infinity, -Infinity, 5e-324, -5e-324, 2.2250738585072014e-308, Number.MAX_VALUE, 2 ** 53 + 2, 1e21, 1e-7, 0.1 + 0.2, -1e-7),
);

const bigintValue: fc.Arbitrary<bigint> = fc.oneof(fc.bigInt(), fc.bigInt({ min: -(10n ** 60n), max: 10n ** 60n }), fc.constantFrom(0n, -1n, 2n ** 64n));

function numberSource(value: number): string {
  if (Object.is(value, -0)) return "-0";
  return String(value); // NaN, Infinity, -Infinity and the shortest round-trip decimal
}

const primitive: fc.Arbitrary<Generated> = fc.oneof(
  utf16String.map((value) => ({ value, source: JSON.stringify(value) })),
  numberValue.map((value) => ({ value, source: numberSource(value) })),
  bigintValue.map((value) => ({ value, source: `${value}n` })),
  fc.boolean().map((value) => ({ value, source: String(value) })),
  fc.constantFrom<Generated>({ value: null, source: "null" }, { value: undefined, source: "undefined" }),
);

/** Primitives (mostly: they are what the fast path reads), and objects and arrays of them, nested. */
const generated: fc.Arbitrary<Generated> = fc.letrec<{ value: Generated }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    primitive,
    primitive,
    primitive,
    fc.array(tie("value"), { maxLength: 4 }).map((items) => ({ value: items.map((item) => item.value), source: `[${items.map((item) => item.source).join(", ")}]` })),
    fc.array(fc.tuple(utf16String, tie("value")), { maxLength: 4 }).map((entries) => ({
      value: Object.fromEntries(entries.map(([key, item]) => [key, item.value])),
      // Computed keys: "__proto__" is an own property, as Object.fromEntries makes it.
      source: `({ ${entries.map(([key, item]) => `[${JSON.stringify(key)}]: ${item.source}`).join(", ")} })`,
    })),
  ),
})).value;

/** What a caller can tell apart (durationMs and evalId differ by nature), encoded so that −0, NaN and bigints compare exactly. */
function visible(result: EvalResult): string {
  const { status, text, value, stdout, warnings, error, toolCalls } = result;
  return stringify({ status, text, value, stdout, warnings: warnings ?? [], error, toolCalls });
}

/** The pairs of programs (fast-capable, general) that must agree for the value `source`. */
function programPairs(source: string): [label: string, fast: string, general: string][] {
  const pending = "setTimeout(() => {}, 1e9);";
  return [
    ["at once", `(${source})`, `await null; (${source})`],
    ["after a tool call", `await tools.echo({}); (${source})`, `await tools.echo({}); ${pending} (${source})`],
    ["a value a tool returned", "await tools.give({})", `const given = await tools.give({}); ${pending} given`],
    ["after timers", `(${source})`, `await new Promise((resolve) => setTimeout(resolve, 5)); (${source})`],
  ];
}

const CONFIGURATIONS: [label: string, options: InterpreterOptions][] = [
  ["default limits", {}],
  ["maxResultChars 40", { maxResultChars: 40 }],
  ["maxToolPayloadBytes 64", { maxToolPayloadBytes: 64 }],
];

export function defineFastPathDifferential(create: InterpreterFactory, budget: DifferentialBudget): void {
  describe.each(CONFIGURATIONS)("fast path = general path (%s)", (_label, options) => {
    let qb: Interpreter;
    /** What tools.give returns in the current run. */
    let given: unknown;
    beforeAll(async () => {
      qb = await create({
        ...options,
        timeoutMs: 10_000,
        // Both programs of a pair run on one thread, one after the other: the eval whose cell takes the journal
        // past maxJournalBytes gets the one-time "no longer replayable" warning and its pair does not (seen at
        // ~1,200 values of 3,000). The journal's bound is not under test here: out of reach.
        maxJournalBytes: 2 ** 40,
        tools: [
          { name: "echo", description: "returns its input", execute: async (input: unknown) => input },
          { name: "give", description: "returns the value under test", execute: async () => given },
        ],
      });
    });
    afterAll(async () => {
      await qb?.dispose();
    });

    it(`${budget.runs} generated values give the same EvalResult on both paths, in every program shape (seed ${budget.seed})`, async () => {
      await fc.assert(
        fc.asyncProperty(generated, async ({ value, source }) => {
          given = value;
          for (const [label, fast, general] of programPairs(source)) {
            const quick = await qb.eval(fast);
            const slow = await qb.eval(general);
            expect(visible(quick), `${label}: ${fast}`).toBe(visible(slow));
          }
        }),
        { numRuns: budget.runs, seed: budget.seed },
      );
    }, Math.max(30_000, budget.runs * 150)); // a larger budget (npm run test:fast-path) takes its time
  });
}
