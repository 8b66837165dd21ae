/**
 * SerialQueues (src/util/serial-queues.ts) on its own: `runAtOnce`, the warm eval's lane, starts a
 * task within the call on an idle key and hands back a synchronous result as a value; everything
 * queued on the key meanwhile still runs strictly after it, whether it returned, threw, or settled later.
 */
import { describe, expect, it } from "vitest";
import { SerialQueues } from "../../src/util/serial-queues.js";

function deferred<T = void>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("SerialQueues.runAtOnce", () => {
  it("on an idle key runs the task within the call and returns its value, not a promise", () => {
    const queues = new SerialQueues();
    const order: string[] = [];
    const result = queues.runAtOnce("t", () => (order.push("task"), 2));
    order.push("after call");
    expect(result).toBe(2);
    expect(order).toEqual(["task", "after call"]);
    expect(queues.busy("t")).toBe(false);
  });

  it("a task queued while a synchronous task runs goes after it", async () => {
    const queues = new SerialQueues();
    const order: string[] = [];
    let queued: Promise<string> | undefined;
    queues.runAtOnce("t", () => {
      queued = queues.run("t", () => (order.push("queued"), "queued"));
      order.push("first");
      return 1;
    });
    expect(await queued).toBe("queued");
    expect(order).toEqual(["first", "queued"]);
  });

  it("a task queued while an asynchronous task runs waits until its promise settles", async () => {
    const queues = new SerialQueues();
    const order: string[] = [];
    const gate = deferred();
    let queued: Promise<void> | undefined;
    const first = queues.runAtOnce("t", async () => {
      queued = queues.run("t", () => void order.push("queued"));
      await gate.promise;
      order.push("first");
    });
    expect(first).toBeInstanceOf(Promise);
    const later = queues.runAtOnce("t", () => void order.push("later"));
    expect(later).toBeInstanceOf(Promise);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    gate.resolve();
    await Promise.all([first, queued, later]);
    expect(order).toEqual(["first", "queued", "later"]);
    expect(queues.busy("t")).toBe(false);
  });

  it("a task that throws synchronously throws from the call and frees the key", async () => {
    const queues = new SerialQueues();
    let queued: Promise<number> | undefined;
    expect(() =>
      queues.runAtOnce("t", () => {
        queued = queues.run("t", () => 3);
        throw new TypeError("boom");
      }),
    ).toThrow(TypeError);
    expect(await queued).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queues.busy("t")).toBe(false);
    expect(queues.runAtOnce("t", () => 4)).toBe(4);
  });

  it("a task whose promise rejects frees the key for the next ones", async () => {
    const queues = new SerialQueues();
    const failing = queues.runAtOnce("t", () => Promise.reject(new RangeError("no")));
    const next = queues.run("t", () => 5);
    await expect(failing).rejects.toThrow(RangeError);
    expect(await next).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queues.busy("t")).toBe(false);
    expect(queues.runAtOnce("t", () => 6)).toBe(6);
  });

  it("keeps a task queued on two keys (fork) behind a synchronous task on either", async () => {
    const queues = new SerialQueues();
    const order: string[] = [];
    let both: Promise<void> | undefined;
    const gate = deferred();
    const onB = queues.runAtOnce("b", () => gate.promise.then(() => void order.push("b")));
    queues.runAtOnce("a", () => {
      both = queues.runOnAll(["a", "b"], () => void order.push("a+b"));
      order.push("a");
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(["a"]);
    gate.resolve();
    await Promise.all([onB, both]);
    expect(order).toEqual(["a", "b", "a+b"]);
  });

  it("dropping idle lanes past its bound never drops a busy one: order holds across 1,000 keys", async () => {
    const queues = new SerialQueues();
    const order: string[] = [];
    const gate = deferred();
    const busy = queues.runAtOnce("busy", () => gate.promise.then(() => void order.push("busy")));
    for (let index = 0; index < 1000; index++) expect(queues.runAtOnce(`idle-${index}`, () => index)).toBe(index);
    const behind = queues.runAtOnce("busy", () => void order.push("behind"));
    expect(queues.busy("busy")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    gate.resolve();
    await Promise.all([busy, behind]);
    expect(order).toEqual(["busy", "behind"]);
  });
});
