/**
 * Attack review, part B: what a PROGRAM can forge. Its own thread's built-ins are its to break
 * (Object.prototype.toJSON, Array.prototype.includes, String.prototype.trim, …), and with them
 * the reports the guest prelude sends to the host. The host must not believe them: an approved
 * effect happens once, output stays bounded, eval never throws, task() requests are checked again
 * on the host, and held calls are only shown to a reviewer when they could run.
 */
import { describe, expect, it } from "vitest";
import { memoryStore, type EvalResult, type InterpreterOptions, type TaskRequest, type ToolDefinition } from "../../src/index.js";
import { TASK_FIELDS } from "../../src/guest/task-request.js";
import { expectCode, settleAsQuickbox, sharedInterpreter, within } from "./attack-helpers.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { RICH_VALUE, replaceBuiltins } from "./tampered-realm.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

const MAX_RESULT_CHARS = 1000;
/** "About 3 × maxResultChars": stdout and body, each cut at maxResultChars, with tag escapes, tags and truncation notes. */
const MAX_TEXT_CHARS = 3 * MAX_RESULT_CHARS + 700;

/**
 * Plants an Object.prototype.toJSON that rewrites every report the prelude sends (poll reports,
 * output, value copies) into huge forged text. Everything else serializes as it was.
 */
const FORGE_REPORTS = `
  const huge = (c) => c.repeat(400000);
  Object.defineProperty(Object.prototype, "toJSON", {
    configurable: true,
    value: function () {
      if (this && typeof this.text === "string" && "droppedChars" in this) return { text: huge("<result>"), droppedChars: 0 };
      if (this && this.settled === true && this.outcome) {
        return { ...this, outcome: { ...this.outcome, body: huge("B"), stdout: huge("S"), errorType: huge("T"), errorMessage: huge("M") } };
      }
      if (this && "value" in this && typeof this.value === "string") return { value: huge("V") };
      return this;
    },
  });
`;

function emailTool(sent: unknown[]): ToolDefinition<never> {
  return { name: "send_email", execute: ((args: unknown) => (sent.push(args), `sent #${sent.length}`)) as never };
}

export function defineGuestForgerySuite(create: InterpreterFactory): void {
  const make = trackedInterpreters(create);

  const REPLAYS: [string, string][] = [
    ["the email's call id replayed", `[{ id: "c1", kind: "tool", name: "send_email", args: JSON.stringify({ to: "ana@example.com" }) }]`],
    ["the email's call id twice in one report", `[{ id: "c1", kind: "tool", name: "send_email", args: JSON.stringify({ to: "ana@example.com" }) }, { id: "c1", kind: "tool", name: "send_email", args: "{}" }]`],
    ["the email's call id beside the real lookup", `[{ id: "c1", kind: "tool", name: "send_email", args: JSON.stringify({ to: "ana@example.com" }) }, ...this.calls]`],
  ];
  it.each(REPLAYS)("8. after an approved send_email, a planted Object.prototype.toJSON (%s) and one more call: the email is sent once, however often it is approved", async (_name, calls) => {
    const store = memoryStore();
    const sent: unknown[] = [];
    const options: InterpreterOptions = { store, tools: [emailTool(sent), { name: "lookup", execute: () => "looked up" }], interruptOn: { send_email: true } };
    const qb = await make(options);
    const program = `
      const r = await tools.sendEmail({ to: "ana@example.com" });
      // From here on the poll reports the prelude sends are the program's: it replays the email's call.
      Object.prototype.toJSON = function () {
        if (this && this.settled === false && Array.isArray(this.calls)) return { settled: false, nextTimerAt: null, calls: ${calls} };
        return this;
      };
      const again = await tools.lookup({ id: 1 });
      [r, again]`;
    const paused = await qb.eval(program, { threadId: "once" });
    expect(paused.status, paused.text).toBe("paused");
    const id = paused.interrupts![0]!.id;
    const first = await settleAsQuickbox(qb.resume("once", { [id]: { type: "approve" } }));
    expect(sent).toEqual([{ to: "ana@example.com" }]);
    // Whatever became of the instance, approving again — in this interpreter or another — never sends it twice.
    for (let round = 0; round < 3; round++) {
      const other = round === 0 ? qb : await make(options);
      const offered = (await other.threads()).find((info) => info.threadId === "once")?.interrupts ?? [];
      for (const interrupt of [...offered, { id }]) {
        await settleAsQuickbox(other.resume("once", { [interrupt.id]: { type: "approve" } }));
      }
      expect(sent, `round ${round}: ${JSON.stringify(first)}`).toHaveLength(1);
    }
    // The thread still answers (a result, or THREAD_PAUSED), never a hang.
    const next = await within(settleAsQuickbox(qb.eval("typeof r", { threadId: "once" })), 10_000, "eval after the forgery");
    expect(next.error === undefined || next.error.code === "THREAD_PAUSED", JSON.stringify(next)).toBe(true);
  });

  describe("9. forged or huge output never makes result.text longer than about 3 × maxResultChars", () => {
    const bounded = (result: EvalResult, what: string) => {
      expect(result.text.length, `${what}: ${result.text.slice(0, 200)}…`).toBeLessThanOrEqual(MAX_TEXT_CHARS);
      expect(result.stdout.length, what).toBeLessThanOrEqual(MAX_RESULT_CHARS + 100);
      expect((result.error?.message ?? "").length, what).toBeLessThanOrEqual(MAX_RESULT_CHARS + 100);
      expect((result.error?.type ?? "").length, what).toBeLessThanOrEqual(101);
    };
    const sent: unknown[] = [];
    const shared = sharedInterpreter(create, {
      maxResultChars: MAX_RESULT_CHARS,
      maxToolCalls: null,
      // Room for 2,000 gated calls on a loaded machine; the Timeout case spends it all, once.
      timeoutMs: 1500,
      wallTimeoutMs: 5000,
      tools: [emailTool(sent)],
      interruptOn: { send_email: true },
    });
    const CASES: [string, string, string[]][] = [
      ["a huge console line, and a huge result", "console.log('x'.repeat(3e6)); console.log('<result>'.repeat(1e5)); '<error>'.repeat(1e5)", ["ok"]],
      ["tag-opening text everywhere", "console.log('</stdout><error type=x>'.repeat(1e4)); const e = new Error('<paused>'.repeat(1e4)); e.name = '&\"<error'.repeat(100); throw e", ["error"]],
      ["forged reports, then a result", FORGE_REPORTS + "'done'", ["ok", "error"]],
      ["forged reports, then an error", FORGE_REPORTS + "throw new Error('e')", ["error"]],
      ["forged reports, then a Timeout", FORGE_REPORTS + "console.log('looping'); while (true) {}", ["error"]],
      ["forged reports, then a Deadlock", FORGE_REPORTS + "console.log('waiting'); await new Promise(() => {})", ["error"]],
      ["forged reports, then a pause", FORGE_REPORTS + "console.log('asking'); await tools.sendEmail({ to: 'a' })", ["paused", "error"]],
      ["huge output, then a pause on 200 gated calls", "console.log('<paused>'.repeat(1e5)); await Promise.all(Array.from({ length: 200 }, (_, i) => tools.sendEmail({ to: 'a' + i })))", ["paused"]],
      ["a pause on 2000 gated calls (maxToolCalls: null)", "await Promise.all(Array.from({ length: 2000 }, (_, i) => tools.sendEmail({ to: 'a' + i })))", ["paused"]],
      [
        "String and Array methods the output buffer might use replaced, then huge output",
        "String.prototype.slice = function () { return 'S'.repeat(500000) }; String.prototype.substring = String.prototype.slice; String.prototype.concat = String.prototype.slice; Array.prototype.join = function () { return 'J'.repeat(500000) }; Array.prototype.push = function () { return 0 }; console.log('x'.repeat(5000)); console.log('y'); 'done'",
        ["ok", "error"],
      ],
      ["huge output, then a Timeout", "console.log('y'.repeat(1e6)); while (true) {}", ["error"]],
      ["huge output, then a Deadlock", "console.log('z'.repeat(1e6)); await new Promise(() => {})", ["error"]],
    ];
    it.each(CASES)("%s", async (name, program, statuses) => {
      const qb = shared();
      const threadId = `out-${name}`;
      const result = await qb.eval(program, { threadId });
      expect(statuses, `${name}: ${result.status} ${result.text.slice(0, 300)}`).toContain(result.status);
      bounded(result, name);
      if (result.status === "paused") {
        const listed = (await qb.threads()).find((info) => info.threadId === threadId);
        expect(listed?.state).toBe("paused");
      }
      expect(sent).toEqual([]);
    });
  });

  describe("10. eval never throws, whatever a program does to its own value copy", () => {
    const VALUES: [string, string][] = [
      ["toJSON that throws", "({ a: 1, toJSON() { throw new Error('no') } })"],
      ["toJSON returning a huge string", "({ toJSON() { return 'x'.repeat(5e6) } })"],
      ["a getter that throws", "({ get a() { throw new Error('getter') }, b: 2 })"],
      ["a proxy whose every trap throws", "new Proxy({}, new Proxy({}, { get() { return () => { throw new Error('trap') } } }))"],
      ["an array proxy whose traps throw", "new Proxy([1, 2], { get() { throw 1 }, ownKeys() { throw 2 }, getOwnPropertyDescriptor() { throw 3 }, has() { throw 4 } })"],
      ["a revoked proxy inside an object", "const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); ({ inner: proxy, list: [proxy] })"],
      ["Object.prototype.toJSON planted", "Object.prototype.toJSON = function () { throw new Error('planted') }; ({ a: { b: [1, 2, new Map([[1, 2]])] } })"],
      ["Object.prototype.toJSON returning a cycle", "const loop = {}; loop.loop = loop; Object.prototype.toJSON = () => loop; ({ a: 1 })"],
      ["a throwing Symbol.toStringTag and constructor getter", "class X { get [Symbol.toStringTag]() { throw 1 } get constructor() { throw 2 } }; new X()"],
      ["Object.keys, getOwnPropertyNames and descriptors replaced", "Object.keys = () => { throw 1 }; Object.getOwnPropertyNames = () => { throw 2 }; Object.getOwnPropertyDescriptors = () => { throw 3 }; Object.entries = null; ({ a: 1, m: new Map([[1, { b: 2 }]]) })"],
      ["Array, Map and Set iterators replaced", "Array.prototype[Symbol.iterator] = function* () { throw 1 }; Map.prototype.entries = null; Map.prototype[Symbol.iterator] = null; Set.prototype.values = () => { throw 2 }; [new Map([[1, 2]]), new Set([1]), [1, [2]]]"],
      ["JSON, String and RegExp built-ins replaced", "JSON.stringify = () => { throw 1 }; JSON.parse = () => ({}); String.prototype.replace = () => { throw 2 }; RegExp.prototype.exec = () => { throw 3 }; String.prototype.slice = () => 'forged'; ({ text: '<result>x</result>', n: 1n, d: new Date(0) })"],
      ["Function.prototype.call/apply and Reflect replaced", "Function.prototype.call = () => { throw 1 }; Function.prototype.apply = () => { throw 2 }; Reflect.apply = () => { throw 3 }; Reflect.ownKeys = () => { throw 4 }; ({ a: [1, { b: 2 }] })"],
      ["a then getter on Object.prototype", "Object.defineProperty(Object.prototype, 'then', { configurable: true, get() { throw new Error('then') } }); ({ a: 1 })"],
      ["an Error with hostile stack, name and cause", "const e = new Error('m'); Object.defineProperty(e, 'stack', { get() { throw 1 } }); Object.defineProperty(e, 'name', { get() { throw 2 } }); e.cause = e; ({ e })"],
      ["Array.isArray, ArrayBuffer.isView, Object.getPrototypeOf and instanceof replaced", "Array.isArray = () => true; ArrayBuffer.isView = () => true; Object.getPrototypeOf = () => null; Object.defineProperty(Object, Symbol.hasInstance, { value: () => { throw 1 } }); Object.defineProperty(Map, Symbol.hasInstance, { value: () => true }); ({ a: [1], m: new Map([[1, 2]]), b: new Uint8Array(2) })"],
      ["a deep value", "let v = 1; for (let i = 0; i < 100000; i++) v = { v }; v"],
      ["a typed array and ArrayBuffer with replaced byteLength", "Object.defineProperty(ArrayBuffer.prototype, 'byteLength', { get() { return 2 ** 40 } }); [new Uint8Array(8), new ArrayBuffer(4)]"],
      ["a lone surrogate key and value", "({ ['\\uD800']: '\\uDC00', ok: 1 })"],
    ];
    const shared = sharedInterpreter(create, { timeoutMs: 1000 });
    it.each(VALUES)("%s", async (name, program) => {
      const qb = shared();
      const threadId = `value-${name}`;
      const result = await settleAsQuickbox(qb.eval(program, { threadId }));
      expect(result.error, JSON.stringify(result.error)).toBeUndefined();
      expect(["ok", "error"]).toContain(result.value!.status);
      expect(result.value!.text.length).toBeLessThan(20_000);
      const next = await settleAsQuickbox(qb.eval("1 + 1", { threadId }));
      expect(next.error).toBeUndefined();
      expect(["ok", "error"]).toContain(next.value!.status);
      const neighbour = await qb.eval("[typeof Object.keys, 1 + 1]", { threadId: "neighbour" });
      expect(neighbour.value).toEqual(["function", 2]);
    });

    it("a Map's and a Set's copy holds their real members whatever the program replaced (iterators, entries, values, next, flat)", async () => {
      const qb = shared();
      const result = await qb.eval(
        `const map = new Map([['a', 1], ['b', [2]]]);
         const set = new Set([1, 'two']);
         Map.prototype[Symbol.iterator] = function* () { while (true) yield ['k', 'v'] };
         Map.prototype.entries = Map.prototype[Symbol.iterator];
         Set.prototype.values = function* () { yield 'forged' };
         Set.prototype[Symbol.iterator] = Set.prototype.values;
         Object.getPrototypeOf(new Map().entries()).next = () => ({ done: true });
         Object.getPrototypeOf(new Set().values()).next = () => ({ done: true });
         Array.prototype.flat = () => [];
         Array.prototype[Symbol.iterator] = function* () { yield 'forged' };
         [map, set]`,
        { threadId: "map-set-iterators" },
      );
      expect(result.status, result.text).toBe("ok");
      expect(result.value).toEqual([
        new Map<string, unknown>([
          ["a", 1],
          ["b", [2]],
        ]),
        new Set([1, "two"]),
      ]);
    });

    it("a value's copy is an untampered thread's copy, whatever built-in the program replaced (each method and accessor of the intrinsics, Symbol.hasInstance, index accessors): none of them runs", async () => {
      const qb = shared();
      const untampered = await qb.eval(`${RICH_VALUE}\nvalue`, { threadId: "copy-untampered" });
      expect(untampered.status, untampered.text).toBe("ok");
      // Each replacement throws: had the copy called one, the value would be lost ("value not copied: …").
      const tampered = await qb.eval(`${RICH_VALUE}\n${replaceBuiltins("function () { throw new Error('a replaced built-in ran') }")}\nvalue`, { threadId: "copy-tampered" });
      expect(tampered.status, tampered.text).toBe("ok");
      expect(tampered.warnings ?? [], tampered.text).toEqual([]);
      expect(tampered.value).toEqual(untampered.value);
      // (Its text is the renderer's, node-inspect's port, which reads some of these built-ins as Node's util.inspect does.)
    });

    it("built-ins the copy used to call, replaced by endless loops, cost nothing: the same value and text as untampered, well within timeoutMs", async () => {
      const qb = shared();
      const program = `[new Number(1), new String("s"), new Boolean(true), new Date(0), { a: [1, , 2], m: new Map([[1, { b: 2 }]]), s: new Set([3]) }, new Uint8Array([1, 2]), "x".repeat(70), "x".repeat(70)]`;
      const untampered = await qb.eval(`const value = ${program};\nvalue`, { threadId: "copy-spin-untampered" });
      const started = performance.now();
      const tampered = await qb.eval(
        `const value = ${program};
         const spin = function () { while (true) {} };
         const replaced = [[Number.prototype, "valueOf"], [String.prototype, "valueOf"], [Boolean.prototype, "valueOf"], [Date.prototype, "toISOString"], [Date.prototype, "getTime"],
           [Array.prototype, "push"], [Array.prototype, Symbol.iterator], [Map.prototype, "set"], [Map.prototype, "get"], [Set.prototype, "add"], [WeakMap.prototype, "set"], [ArrayBuffer, "isView"],
           [Object, "keys"], [Object, "hasOwn"], [String.prototype, "concat"], [Math, "ceil"]];
         for (let i = 0; i < replaced.length; i++) Object.defineProperty(replaced[i][0], replaced[i][1], { value: spin });
         value`,
        { threadId: "copy-spin-tampered" },
      );
      expect(performance.now() - started, tampered.text).toBeLessThan(1000);
      expect(tampered.warnings ?? []).toEqual([]);
      expect(tampered.text).toBe(untampered.text);
      expect(tampered.value).toEqual(untampered.value);
    });

    it("a gated call whose arguments hold a lone-surrogate key does not wedge the thread (paused and resumed, also from the store with a signing key)", async () => {
      for (const signing of [{}, { snapshotSigningKey: "lone surrogate key" }]) {
        const store = memoryStore();
        const received: unknown[] = [];
        const options: InterpreterOptions = { ...signing, store, tools: [{ name: "send_email", execute: ((args: unknown) => (received.push(args), "sent")) as never }], interruptOn: { send_email: true } };
        const qb = await make(options);
        const paused = await qb.eval("const kept = 'state'; const reply = await tools.sendEmail({ ['\\uD800']: 1, ['x\\uDFFFy']: '\\uD83D', to: 'a' }); [kept, reply]", { threadId: "lone" });
        if (paused.status === "paused") {
          const other = await make(options);
          const resumed = await within(settleAsQuickbox(other.resume("lone", { [paused.interrupts![0]!.id]: { type: "approve" } })), 10_000, "resume");
          if (resumed.value) {
            expect(["ok", "error"]).toContain(resumed.value.status);
            if (resumed.value.status === "ok") expect(resumed.value.value).toEqual(["state", "sent"]);
          }
          const after = await within(other.eval("[kept, 1 + 1]", { threadId: "lone" }), 10_000, "eval after the resume");
          expect(after.value, `${JSON.stringify(resumed)} / ${after.text}`).toEqual(["state", 2]);
        } else {
          expect(paused.status, paused.text).toBe("error");
          const after = await qb.eval("[kept, 1 + 1]", { threadId: "lone" });
          expect(after.value).toEqual(["state", 2]);
        }
        expect(received.length).toBeLessThanOrEqual(1);
      }
    });
  });

  it("11. 64 gated calls with arguments the schema refuses, under timeoutMs 150 / wallTimeoutMs 600: the eval ends within ~1.5 s", async () => {
    const sent: unknown[] = [];
    const qb = await make({
      timeoutMs: 150,
      wallTimeoutMs: 600,
      tools: [{ ...emailTool(sent), inputSchema: { type: "object", properties: { to: { type: "string", format: "email" } }, required: ["to"], additionalProperties: false } }],
      interruptOn: { send_email: true },
    });
    await qb.eval("1", { threadId: "refused" });
    for (const program of [
      "let refused = 0; for (let i = 0; i < 64; i++) { try { await tools.sendEmail({ too: i }) } catch (e) { refused++ } } refused",
      "(await Promise.allSettled(Array.from({ length: 64 }, (_, i) => tools.sendEmail({ to: 'not an email ' + i })))).filter((r) => r.status === 'rejected').length",
      "while (true) { try { await tools.sendEmail({ to: 12 }) } catch {} }",
    ]) {
      const started = performance.now();
      const result = await within(qb.eval(program, { threadId: "refused" }), 5000, "eval of refused gated calls");
      const elapsedMs = performance.now() - started;
      expect(elapsedMs, `${program}: ${result.text}`).toBeLessThan(1500);
      if (result.status === "ok") expect(result.value).toBe(64);
      expect(result.status).not.toBe("paused");
    }
    expect(sent).toEqual([]);
  });

  describe("12. task() requests forged past the guest's own check never reach dispatch", () => {
    const FORGERIES: [string, string][] = [
      ["subagentType root, Array.prototype.includes replaced", "Array.prototype.includes = () => true; await task({ description: 'escalate', subagentType: 'root' })"],
      ["an extra key, includes replaced", "Array.prototype.includes = () => true; await task({ description: 'x', subagentType: 'general', admin: true })"],
      ["a blank description, trim replaced", "String.prototype.trim = () => 'not blank'; await task({ description: '   ', subagentType: 'general' })"],
      [
        "toJSON rewriting the request: root, a non-string description and extra keys",
        "Object.prototype.toJSON = function () { return this.description === 'forge' ? { description: 42, subagentType: 'root', admin: true } : this }; await task({ description: 'forge', subagentType: 'general' })",
      ],
      [
        "toJSON rewriting only the subagentType (the call says general, the request root)",
        "Object.prototype.toJSON = function () { return this.description === 'forge' ? { ...this, subagentType: 'root', toJSON: undefined } : this }; await task({ description: 'forge', subagentType: 'general' })",
      ],
      [
        "a responseSchema over 4096 bytes whose toJSON is small only when checked",
        "let n = 0; const schema = { toJSON() { n++; return n === 2 ? { type: 'string' } : { type: 'string', description: 'd'.repeat(6000) } } }; await task({ description: 'big', subagentType: 'general', responseSchema: schema })",
      ],
      [
        "a responseSchema nested 12 levels deep whose toJSON is flat only when checked",
        "let n = 0; let deep = { type: 'string' }; for (let i = 0; i < 12; i++) deep = { type: 'array', items: deep }; const schema = { toJSON() { n++; return n === 2 ? { type: 'string' } : deep } }; await task({ description: 'deep', subagentType: 'general', responseSchema: schema })",
      ],
      ["task redefined by the program (it only fools itself)", "Object.defineProperty(globalThis, 'task', { value: (r) => Promise.reject(new TypeError('mine')) }); await task({ description: 'x', subagentType: 'root' })"],
      ["the prelude's internals", "const internal = globalThis.__quickboxInternal; if (!internal) throw new TypeError('unreachable'); internal.internal.poll()"],
    ];
    const seen: TaskRequest[] = [];
    const shared = sharedInterpreter(create, {
      subagents: { types: [{ name: "general", description: "does things" }], dispatch: (request) => (seen.push(structuredClone(request)), "dispatched") },
    });
    it.each(FORGERIES)("%s", async (name, program) => {
      seen.length = 0;
      const qb = shared();
      const result = await qb.eval(program, { threadId: `task-${name}` });
      expect(result.status, result.text).toBe("error");
      expect(result.error?.type, result.text).toMatch(/^(TaskError|TypeError)$/);
      for (const request of seen) {
        expect(Object.keys(request).every((key) => TASK_FIELDS.includes(key)), JSON.stringify(request)).toBe(true);
        expect(typeof request.description === "string" && request.description.trim().length > 0, JSON.stringify(request)).toBe(true);
        expect(request.subagentType).toBe("general");
        if (request.responseSchema !== undefined) expect(JSON.stringify(request.responseSchema).length).toBeLessThanOrEqual(4096);
      }
      expect(seen, JSON.stringify(seen).slice(0, 300)).toEqual([]);
    });
  });

  it("13. an edit decision with BigInt (or other non-JSON) args is INVALID_OPTIONS, and the pause stays decidable", async () => {
    const sent: unknown[] = [];
    const qb = await make({ tools: [emailTool(sent)], interruptOn: { send_email: true } });
    const paused = await qb.eval("await tools.sendEmail({ to: 'a' })", { threadId: "edit" });
    const id = paused.interrupts![0]!.id;
    const cyclic: Record<string, unknown> = { to: "b" };
    cyclic.self = cyclic;
    for (const args of [{ to: 1n }, { to: "b", nested: [{ amount: 10n ** 30n }] }, 5n, cyclic]) {
      await expectCode(qb.resume("edit", { [id]: { type: "edit", args } }), "INVALID_OPTIONS");
    }
    expect(sent).toEqual([]);
    const done = await qb.resume("edit", { [id]: { type: "edit", args: { to: "c" } } });
    expect(done.value).toBe("sent #1");
    expect(sent).toEqual([{ to: "c" }]);
  });

  it("14. a gated call whose arguments are larger than maxToolPayloadBytes fails in the program with ToolInputError; no pause", async () => {
    const sent: unknown[] = [];
    const events: string[] = [];
    const qb = await make({ tools: [emailTool(sent)], interruptOn: { send_email: true }, maxToolPayloadBytes: 2048, onEvent: (event) => void events.push(event.type) });
    const result = await qb.eval("try { await tools.sendEmail({ to: 'a', body: 'x'.repeat(5000) }) } catch (e) { [e.name, e.message] }", { threadId: "large" });
    expect(result.status, result.text).toBe("ok");
    expect(result.value).toEqual(["ToolInputError", expect.stringMatching(/larger than maxToolPayloadBytes \(2048 bytes\)/)]);
    expect(events).not.toContain("pause");
    expect((await qb.threads()).find((info) => info.threadId === "large")?.state).not.toBe("paused");
    const mixed = await qb.eval("await Promise.allSettled([tools.sendEmail({ body: 'y'.repeat(3000) }), tools.sendEmail({ to: 'small' })])", { threadId: "large" });
    expect(mixed.status).toBe("paused");
    expect(mixed.interrupts?.map((interrupt) => interrupt.args)).toEqual([{ to: "small" }]);
    expect(sent).toEqual([]);
  });
}

