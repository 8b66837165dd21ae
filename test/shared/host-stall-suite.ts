/**
 * Attack review, part C: guest text that would stall the HOST's event loop (the thread that runs
 * tools, the UI, other threads) — in sucrase, acorn, JSON Schema formats, a program's regular
 * expressions. Measured as the longest gap of a 10 ms interval on the host while the eval runs
 * (not as the eval's duration): it must stay under MAX_HOST_STALL_MS, inline and in a worker.
 */
import { describe, expect, it } from "vitest";
import type { Interpreter, InterpreterOptions, TaskRequest, ToolDefinition } from "../../src/index.js";
import { hostStall, MAX_HOST_STALL_MS, repeatableHostStall } from "./attack-helpers.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

/** "http://" + 28 × "a" + "!": @cfworker/json-schema's own `format.url` regex backtracks for seconds on it. */
const URL_BOMB_36 = "http://" + "a".repeat(28) + "!";
/** One shorter (35 characters): ~0.6 s in the library's regex — enough to see, not enough to hang a run. */
const URL_BOMB_35 = "http://" + "a".repeat(27) + "!";
/** Backtracks exponentially in V8: 15 characters take ~1.5 s, 20 would take hours. */
const REDOS_PATTERN = "^(.*.*)*X$";
/** The most an inline pause (its snapshot taken on the host's thread) may hold the host's loop. */
const PAUSE_STALL_MS = 1000;

/**
 * `isolation`: the factory's. Inline, a pause stores the thread's snapshot on the host's own
 * thread (tens of milliseconds, more on a loaded machine): that cost is the pause's, not the
 * input check's, so an accepted call that pauses gets PAUSE_STALL_MS there.
 */
export function defineHostStallSuite(create: InterpreterFactory, { isolation }: { isolation: "inline" | "worker" }): void {
  const make = trackedInterpreters(create);

  /** An interpreter whose thread is already booted (booting is not what is measured). */
  async function warm(options: InterpreterOptions = {}, threadId = "stall"): Promise<Interpreter> {
    const qb = await make(options);
    expect((await qb.eval("1", { threadId })).value).toBe(1);
    return qb;
  }

  describe("15. TypeScript nesting type assertions (<T>(…)) deeply", () => {
    it.each([19, 25])("%i levels: a SyntaxError result at once, no host stall", async (levels) => {
      const qb = await warm();
      const code = "let u = " + "<T>(".repeat(levels) + "0" + ")".repeat(levels);
      const { value: result, stallMs, elapsedMs } = await repeatableHostStall(() => qb.eval(code, { threadId: "stall" }), 1000);
      expect(result.error?.type, result.text).toBe("SyntaxError");
      expect(result.error?.message).toMatch(new RegExp(`${levels} levels`));
      expect(stallMs, "host event-loop stall (ms)").toBeLessThan(MAX_HOST_STALL_MS);
      expect(elapsedMs).toBeLessThan(1000);
      expect((await qb.eval("typeof u", { threadId: "stall" })).value).toBe("undefined");
    });

    it("10 levels still work", async () => {
      const qb = await warm();
      const result = await qb.eval("const u: number = " + "<number>(".repeat(10) + "7" + ")".repeat(10) + "; u", { threadId: "stall" });
      expect(result.value, result.text).toBe(7);
    });
  });

  describe("16. thousands of declarations in one cell", () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `let a${i} = ${i};`).join("\n");

    it("330 KB of `let aN = N;` lines: a RangeError result (too many declarations) at once, no host stall", async () => {
      const qb = await warm();
      let count = 0;
      while (lines(count).length < 330_000) count += 1000;
      const code = lines(count);
      const { value: result, stallMs, elapsedMs } = await repeatableHostStall(() => qb.eval(code, { threadId: "stall" }), 1000);
      expect(result.error?.type, result.text.slice(0, 300)).toBe("RangeError");
      expect(result.error?.message).toMatch(/more than 4000 declarations/);
      expect(stallMs, "host event-loop stall (ms)").toBeLessThan(MAX_HOST_STALL_MS);
      expect(elapsedMs).toBeLessThan(1000);
      expect((await qb.eval("typeof a0", { threadId: "stall" })).value).toBe("undefined");
    });

    it("4,000 such lines work, and persist", async () => {
      const qb = await warm();
      const { value: result, stallMs } = await hostStall(() => qb.eval(lines(4000) + "\na3999 + a0", { threadId: "stall" }));
      expect(result.value, result.text.slice(0, 300)).toBe(3999);
      expect((await qb.eval("a1234", { threadId: "stall" })).value).toBe(1234);
      // Inline, the cell runs on the host's thread: only a worker keeps the host's loop free throughout.
      expect(stallMs, "host event-loop stall (ms)").toBeLessThan(2000);
    });
  });

  describe("17. a tool whose inputSchema has format: url, called with strings that make the classic url regex backtrack", () => {
    const inputSchema = { type: "object", properties: { u: { type: "string", format: "url" } } };
    // The WHATWG URL parser accepts "!" in a host name, so the first ones are valid urls (a gated
    // call then pauses); the space and "<" variants backtrack as long in the library's regex and
    // are refused.
    const ADVERSARIAL = [
      URL_BOMB_36,
      URL_BOMB_35,
      "http://" + "1".repeat(28) + "!",
      "http://" + "a".repeat(26) + ".a!",
      "http://" + "a".repeat(28) + "! ",
      "http://" + "a".repeat(28) + "!<",
      "http://" + "a".repeat(100_000) + "!",
      "ftp://" + "-a".repeat(5000) + ".b!",
    ];

    it.each([
      ["ungated", {}],
      ["gated (checked before a reviewer sees it)", { interruptOn: { open_url: true } }],
    ])("%s: each call fails or passes quickly, no host stall", async (_name, gate) => {
      const opened: unknown[] = [];
      const openUrl: ToolDefinition<{ u: string }> = { name: "open_url", inputSchema, execute: (input) => (opened.push(input), "opened") };
      const qb = await warm({ tools: [openUrl as ToolDefinition<never>], ...gate });
      for (const url of ADVERSARIAL) {
        const program = `try { await tools.openUrl({ u: ${JSON.stringify(url)} }) } catch (e) { e.name }`;
        // A paused thread cannot run the same program again: reset it before a second measurement.
        const { value: result, stallMs, elapsedMs } = await repeatableHostStall(async () => {
          if ((await qb.threads()).some((info) => info.threadId === "stall" && info.state === "paused")) await qb.reset("stall");
          return qb.eval(program, { threadId: "stall" });
        }, 1500);
        expect(["ok", "paused"], result.text.slice(0, 200)).toContain(result.status);
        if (result.status === "ok") expect(["opened", "ToolInputError"]).toContain(result.value);
        if (/[ <]$/.test(url)) expect(result.value, `${url.slice(-12)} is not a url`).toBe("ToolInputError");
        const limit = result.status === "paused" && isolation === "inline" ? PAUSE_STALL_MS : MAX_HOST_STALL_MS;
        expect(stallMs, `host event-loop stall (ms) for ${url.slice(0, 40)} (${result.status})`).toBeLessThan(limit);
        expect(elapsedMs).toBeLessThan(1500);
        if (result.status === "paused") await qb.reset("stall");
      }
      // A valid url still passes.
      const valid = await qb.eval("try { await tools.openUrl({ u: 'https://example.com/a?b=c#d' }) } catch (e) { e.name }", { threadId: "stall" });
      expect(["ok", "paused"]).toContain(valid.status);
      if (valid.status === "ok") expect(valid.value).toBe("opened");
    });
  });

  describe("18. task() responseSchema chosen by the program", () => {
    function subagents(reply: unknown, seen: TaskRequest[] = []): InterpreterOptions["subagents"] {
      return { types: [{ name: "general", description: "replies" }], dispatch: (request) => (seen.push(request), reply) };
    }

    async function runTask(qb: Interpreter, schema: unknown, measure: typeof hostStall = (work) => repeatableHostStall(work, 1500)) {
      const program = `try { await task({ description: 'reply', subagentType: 'general', responseSchema: ${JSON.stringify(schema)} }) } catch (e) { [e.name, e.message] }`;
      return measure(() => qb.eval(program, { threadId: "stall" }));
    }

    it(`pattern ${REDOS_PATTERN} against a 20-character reply of "a": TaskError quickly, no host stall`, async () => {
      for (const reply of [JSON.stringify("a".repeat(20)), "a".repeat(20)]) {
        const qb = await warm({ subagents: subagents(reply) });
        const { value: result, stallMs, elapsedMs } = await runTask(qb, { type: "string", pattern: REDOS_PATTERN });
        expect(result.value, result.text).toEqual(["TaskError", expect.any(String)]);
        expect(stallMs, "host event-loop stall (ms)").toBeLessThan(MAX_HOST_STALL_MS);
        expect(elapsedMs).toBeLessThan(1500);
      }
      // The same pattern still matches what it should.
      const qb = await warm({ subagents: subagents(JSON.stringify("aaX")) });
      expect((await runTask(qb, { type: "string", pattern: REDOS_PATTERN })).value.value).toBe("aaX");
    });

    it("the pattern nested in properties, items and propertyNames: TaskError quickly, no host stall", async () => {
      const bomb = "a".repeat(20);
      const cases: [unknown, unknown][] = [
        [{ type: "object", properties: { s: { type: "string", pattern: REDOS_PATTERN } } }, { s: bomb }],
        [{ type: "array", items: { type: "string", pattern: REDOS_PATTERN } }, [bomb, bomb]],
        [{ type: "object", propertyNames: { pattern: REDOS_PATTERN } }, { [bomb]: 1 }],
        [{ $defs: { s: { type: "string", pattern: REDOS_PATTERN } }, $ref: "#/$defs/s" }, bomb],
      ];
      for (const [schema, reply] of cases) {
        const qb = await warm({ subagents: subagents(reply) });
        const { value: result, stallMs } = await runTask(qb, schema);
        expect(result.value, `${JSON.stringify(schema)}: ${result.text}`).toEqual(["TaskError", expect.any(String)]);
        expect(stallMs, `host event-loop stall (ms) for ${JSON.stringify(schema)}`).toBeLessThan(MAX_HOST_STALL_MS);
        await qb.dispose();
      }
    });

    it("a schema with patternProperties is refused with a clear message (dispatch never runs)", async () => {
      const seen: TaskRequest[] = [];
      const qb = await warm({ subagents: subagents({ ["a".repeat(20)]: 1 }, seen) });
      const { value: result, stallMs } = await runTask(qb, { type: "object", patternProperties: { [REDOS_PATTERN]: { type: "number" } } });
      expect(result.value, result.text).toEqual(["TaskError", expect.stringMatching(/patternProperties is not supported/)]);
      expect(stallMs, "host event-loop stall (ms)").toBeLessThan(MAX_HOST_STALL_MS);
      expect(seen).toEqual([]);
    });

    // @cfworker/json-schema indexes every object-valued keyword it does not know as a subschema,
    // so `$ref: "#/hidden"` reaches a schema that the rewrite of patterns and formats never
    // visited. The input grows one character at a time (each costs a backtracking regex about
    // 2–3 times more) until the host stalls at two sizes in a row or the input reaches the size the finding named, so
    // a failure costs under a second or so and a pass proves linear time up to that size. Each
    // pattern gets a source of its own: V8 compiles a regular expression to native code after
    // its first run, and a warm copy would backtrack several times faster.
    let nonce = 0;
    const coldPattern = () => `^(.*.*)*X${++nonce}$`;
    const HIDDEN: [string, () => unknown, (n: number) => unknown, number, number][] = [
      ["a pattern", () => ({ $ref: "#/hidden", hidden: { type: "string", pattern: coldPattern() } }), (n) => JSON.stringify("a".repeat(n)), 8, 20],
      ["a patternProperties", () => ({ $ref: "#/hidden", hidden: { type: "object", patternProperties: { [coldPattern()]: { type: "number" } } } }), (n) => ({ ["a".repeat(n)]: 1 }), 8, 20],
      ["a url format", () => ({ $ref: "#/hidden", hidden: { type: "string", format: "url" } }), (n) => JSON.stringify("http://" + "a".repeat(n) + "!"), 16, 28],
    ];
    it.each(HIDDEN)("%s hidden under an unknown keyword and reached through $ref: refused or checked quickly, no host stall", async (_name, schema, replyOf, from, to) => {
      let reply: unknown;
      const qb = await warm({ subagents: { types: [{ name: "general", description: "replies" }], dispatch: () => reply } });
      const stalls: string[] = [];
      let stalledAt: number | null = null;
      for (let n = from; n <= to; n++) {
        reply = replyOf(n);
        // Measured once: a repeat would run a warm copy of the pattern.
        const { value: result, stallMs } = await runTask(qb, schema(), hostStall);
        expect(["ok", "error"]).toContain(result.status);
        stalls.push(`${n}: ${Math.round(stallMs)} ms`);
        if (stallMs < MAX_HOST_STALL_MS) {
          stalledAt = null;
          continue;
        }
        // One stall may be the machine's; a stall again one character later is the regex's.
        if (stalledAt !== null || n === to) {
          expect.fail(`the host's event loop stalled ${Math.round(stallMs)} ms at ${n} characters (the task gave ${JSON.stringify(result.value ?? result.text).slice(0, 160)}); by size: ${stalls.join(", ")}`);
        }
        stalledAt = n;
      }
    });
  });

  it("19. a cell of 1 MiB + 1 characters: a RangeError result at once, no host stall", async () => {
    const qb = await warm();
    const code = "/*" + "x".repeat(2 ** 20 - 4) + "*/1";
    expect(code.length).toBe(2 ** 20 + 1);
    const { value: result, stallMs, elapsedMs } = await repeatableHostStall(() => qb.eval(code, { threadId: "stall" }), 1000);
    expect(result.error?.type, result.text.slice(0, 300)).toBe("RangeError");
    expect(stallMs, "host event-loop stall (ms)").toBeLessThan(MAX_HOST_STALL_MS);
    expect(elapsedMs).toBeLessThan(1000);
    // One character less is a cell like any other.
    const fits = await qb.eval("/*" + "x".repeat(2 ** 20 - 5) + "*/1", { threadId: "stall" });
    expect(fits.value, fits.text.slice(0, 200)).toBe(1);
  });
}
