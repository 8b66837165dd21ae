/**
 * progress(value) and streamConsole: events the program sends while it runs. Shared by Node and
 * Chromium, inline and worker. Ordering is asserted, never wall time.
 */
import { describe, expect, it } from "vitest";
import type { InterpreterEvent, InterpreterOptions, ToolDefinition } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

type StreamEvent = Extract<InterpreterEvent, { type: "progress" | "stdout" }>;

/** An interpreter whose events are recorded (and optionally watched). */
async function recording(make: (options: InterpreterOptions) => ReturnType<InterpreterFactory>, options: InterpreterOptions = {}, watch?: (event: InterpreterEvent) => void) {
  const events: InterpreterEvent[] = [];
  const qb = await make({
    ...options,
    onEvent: (event) => {
      events.push(event);
      watch?.(event);
    },
  });
  const streamed = () => events.filter((event): event is StreamEvent => event.type === "progress" || event.type === "stdout");
  const progress = () => streamed().filter((event) => event.type === "progress").map((event) => (event as Extract<StreamEvent, { type: "progress" }>).value);
  return { qb, events, streamed, progress };
}

export function defineProgressSuite(create: InterpreterFactory, isolation: "inline" | "worker"): void {
  const make = trackedInterpreters(create);

  describe("progress(value)", () => {
    it("delivers values in order, numbered, with the thread id, interleaved with tool calls as the program made them", async () => {
      const echo: ToolDefinition = { name: "echo", execute: (input) => input };
      const { qb, events, progress } = await recording(make, { tools: [echo] });
      const result = await qb.eval("progress('start'); const p = tools.echo({ n: 1 }); progress({ step: 2 }); await p; progress(3); 'done'", { threadId: "t1" });
      expect(result).toMatchObject({ status: "ok", value: "done" });
      expect(result.warnings).toBeUndefined();
      expect(progress()).toEqual(["start", { step: 2 }, 3]);
      const order = events.filter((e) => e.type === "progress" || (e.type === "tool-call" && e.phase === "start")).map((e) => (e.type === "progress" ? `p${e.seq}` : "call"));
      expect(order).toEqual(["p1", "call", "p2", "p3"]);
      expect(events.find((e) => e.type === "progress")).toEqual({ type: "progress", threadId: "t1", evalId: expect.any(String), seq: 1, value: "start" });
      // One evalId per eval: the same for all its events, another for the next eval.
      await qb.eval("progress('next')", { threadId: "t1" });
      const ids = events.filter((e) => e.type === "progress").map((e) => e.evalId);
      expect(new Set(ids.slice(0, 3)).size).toBe(1);
      expect(ids[3]).not.toBe(ids[0]);
    });

    it("arrives before the eval resolves: a tool held open until the host has seen the event", async () => {
      const order: string[] = [];
      let seen!: () => void;
      const seenProgress = new Promise<void>((resolve) => (seen = resolve));
      const hold: ToolDefinition = {
        name: "hold",
        execute: async () => {
          await seenProgress;
          order.push("tool resolves");
          return 1;
        },
      };
      const { qb } = await recording(make, { tools: [hold] }, (event) => {
        if (event.type === "progress") {
          order.push(`progress ${String(event.value)}`);
          seen();
        }
      });
      const result = await qb.eval("progress('working'); const n = await tools.hold({}); let sum = 0; for (let i = 0; i < 1e5; i++) sum += i; n + sum");
      order.push("eval resolved");
      expect(result.status).toBe("ok");
      expect(order).toEqual(["progress working", "tool resolves", "eval resolved"]);
    });

    if (isolation === "worker") {
      it("worker: reaches the host while synchronous code still runs (the host cancels the loop on seeing it)", async () => {
        const controller = new AbortController();
        const { qb } = await recording(make, { timeoutMs: 20_000 }, (event) => {
          if (event.type === "progress") controller.abort();
        });
        const result = await qb.eval("progress('looping'); for (;;) {}", { signal: controller.signal });
        // Only an event delivered during the loop can cancel it; otherwise it would end as Timeout after 20 s.
        expect(result.error?.type).toBe("Cancelled");
        expect((await qb.eval("1 + 1")).value).toBe(2);
      });
    } else {
      it("inline: events made during synchronous code go out when the program next waits (or ends), before its result", async () => {
        const order: string[] = [];
        const { qb } = await recording(make, {}, (event) => {
          if (event.type === "progress") order.push(`progress ${String(event.value)}`);
        });
        const result = await qb.eval("progress('a'); let s = 0; for (let i = 0; i < 1e5; i++) s += i; progress('b'); s");
        order.push("eval resolved");
        expect(result.status).toBe("ok");
        expect(order).toEqual(["progress a", "progress b", "eval resolved"]);
      });
    }

    it("a flood of 100,000 calls is capped at 1,000 events; the rest are counted in a warning; the thread works after", async () => {
      const { qb, progress, streamed } = await recording(make);
      const result = await qb.eval("for (let i = 0; i < 100000; i++) progress(i); 'end'");
      expect(result).toMatchObject({ status: "ok", value: "end" });
      expect(result.warnings).toEqual(["progress(): 99000 calls dropped (at most 1000 are sent per eval)"]);
      expect(progress()).toEqual(Array.from({ length: 1000 }, (_, i) => i));
      expect(streamed().map((event) => event.seq)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
      const after = await qb.eval("progress('again'); 1 + 1");
      expect(after).toMatchObject({ status: "ok", value: 2 });
      expect(after.warnings).toBeUndefined();
      expect(streamed().at(-1)).toMatchObject({ type: "progress", seq: 1, value: "again" });
    });

    it("a value larger than 4,096 characters once copied throws a TypeError (nothing is sent); smaller ones go", async () => {
      const { qb, progress } = await recording(make);
      const tooLong = await qb.eval("progress('x'.repeat(5000))");
      expect(tooLong.error).toMatchObject({ type: "TypeError", message: expect.stringMatching(/^progress\(value\): the value is larger than 4096 characters once copied/) });
      const caught = await qb.eval(
        "const names = []; for (const big of [new Array(100000).fill(1), { data: 'y'.repeat(4090), more: 1 }, new Map(Array.from({ length: 5000 }, (_, i) => [i, i]))]) { try { progress(big) } catch (e) { names.push(e.name) } } progress('x'.repeat(4000)); names",
      );
      expect(caught.value).toEqual(["TypeError", "TypeError", "TypeError"]);
      expect(progress()).toEqual(["x".repeat(4000)]);
    });

    it("values cross as copies: getters are not called, cycles kept, functions become handles, later changes not seen", async () => {
      const { qb, progress } = await recording(make);
      const result = await qb.eval(
        [
          "const o = { get bad() { throw new Error('boom') }, ok: 1 };",
          "const c = { name: 'c' }; c.self = c;",
          "class A { get x() { throw new Error('boom') } }",
          "const list = [1, 2]; progress({ o, c, a: new A(), fn: (a, b) => a, list, m: new Map([[1, 'one']]), d: new Date(0) }); list.push(3);",
          "progress(new Proxy({}, { get() { throw new Error('trap') } }));",
          "'still fine'",
        ].join("\n"),
      );
      expect(result).toMatchObject({ status: "ok", value: "still fine" });
      const [first, proxy] = progress() as [Record<string, unknown>, unknown];
      expect(first.o).toEqual({ bad: { $handle: "[Getter]" }, ok: 1 });
      const cycle = first.c as { name: string; self: unknown };
      expect(cycle.self).toBe(cycle);
      expect(first.a).toEqual({});
      expect(first.fn).toEqual({ $handle: "[Function: fn] arity=2" });
      expect(first.list).toEqual([1, 2]);
      expect(first.m).toEqual(new Map([[1, "one"]]));
      expect(first.d).toEqual(new Date(0));
      expect(proxy).toMatchObject({ $handle: expect.any(String) });
    });

    it("a throwing getter on an array element or a thenable makes progress throw a TypeError the program can catch", async () => {
      const { qb } = await recording(make);
      const result = await qb.eval(
        [
          "const a = [1]; Object.defineProperty(a, 0, { get() { throw new Error('boom') } });",
          "const out = [];",
          "for (const v of [a, { then() {} }]) { try { progress(v); out.push('sent') } catch (e) { out.push(e.name) } }",
          "out",
        ].join("\n"),
      );
      expect(result.value).toEqual(["TypeError", "TypeError"]);
      expect((await qb.eval("progress(1); 2")).value).toBe(2);
    });

    it("a paused program's events arrive before the pause; the resumed run numbers its own from 1", async () => {
      const send: ToolDefinition = { name: "send", execute: () => "sent" };
      const { qb, streamed } = await recording(make, { tools: [send], interruptOn: { send: true } });
      const paused = await qb.eval("progress('before'); const r = await tools.send({}); progress('after ' + r); r");
      expect(paused.status).toBe("paused");
      expect(streamed().map((event) => [event.seq, event.type === "progress" ? event.value : event.text])).toEqual([[1, "before"]]);
      const done = await qb.resume("default", { [paused.interrupts![0]!.id]: { type: "approve" } });
      const [before, after] = streamed();
      expect(after?.evalId).toBe(before?.evalId);
      expect(done.value).toBe("sent");
      expect(streamed().map((event) => [event.seq, event.type === "progress" ? event.value : event.text])).toEqual([
        [1, "before"],
        [1, "after sent"],
      ]);
    });

    it("is a plain global: a program may shadow or rebind it", async () => {
      const { qb, progress } = await recording(make);
      expect((await qb.eval("typeof progress + ' ' + progress.name")).value).toBe("function progress");
      expect((await qb.eval("let progress = 0; for (let i = 0; i < 3; i++) progress++; progress")).value).toBe(3);
      expect(progress()).toEqual([]);
    });

    it("without onEvent, progress() still runs with the same limits", async () => {
      const qb = await make({});
      const result = await qb.eval("for (let i = 0; i < 1500; i++) progress(i); 'ok'");
      expect(result.value).toBe("ok");
      expect(result.warnings).toEqual(["progress(): 500 calls dropped (at most 1000 are sent per eval)"]);
    });

    it("a program that times out still gets its events out, and its dropped count", async () => {
      // The budget covers the 1,200 calls on a loaded machine (they take ~30 ms on a quiet one; at load ~5,
      // 300 ms once ran out after 451 of them), then the endless loop spends the rest.
      const { qb, progress } = await recording(make, { timeoutMs: 1000 });
      const result = await qb.eval("for (let i = 0; i < 1200; i++) progress(i); for (;;) {}");
      expect(result.error?.type).toBe("Timeout");
      expect(progress()).toHaveLength(1000);
      expect(result.warnings).toContain("progress(): 200 calls dropped (at most 1000 are sent per eval)");
    });
  });

  describe("streamConsole", () => {
    it("sends console lines as stdout events, in order with progress", async () => {
      const { qb, streamed } = await recording(make, { streamConsole: true });
      const result = await qb.eval("console.log('a'); console.warn('b'); progress(1); console.log({ x: 1 }); 'ok'");
      expect(result.stdout).toBe("a\n[warn] b\n{ x: 1 }");
      expect(streamed().map((event) => [event.seq, event.type === "stdout" ? event.text : event.value])).toEqual([
        [1, "a\n"],
        [2, "[warn] b\n"],
        [3, 1],
        [4, "{ x: 1 }\n"],
      ]);
    });

    it("is bounded by the output cap (maxResultChars) and off by default", async () => {
      const { qb, streamed } = await recording(make, { streamConsole: true, maxResultChars: 200 });
      const result = await qb.eval("for (let i = 0; i < 100000; i++) console.log('line ' + i); 'end'");
      expect(result.value).toBe("end");
      const text = streamed().map((event) => (event.type === "stdout" ? event.text : "")).join("");
      expect(text.length).toBe(200);
      expect(text.startsWith("line 0\nline 1\n")).toBe(true);
      const off = await recording(make);
      await off.qb.eval("console.log('quiet')");
      expect(off.streamed()).toEqual([]);
    });
  });
}
