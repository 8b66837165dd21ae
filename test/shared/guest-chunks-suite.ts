/**
 * The parts of the prelude a thread loads on first use (chunk-bridge-protocol.ts): the web
 * platform (web-globals.ts) and the inspector (inspect-facade.ts). What a program sees before,
 * while and after they load: the globals are accessors until then and plain data properties after;
 * a program's own value for one wins; proxies made before the inspector loads render as Node's;
 * a thread stored before or after loading them works when restored in another interpreter; a
 * load that fails for want of memory is an error and the next use loads them. Shared by the
 * Node and the Chromium projects, inline and worker.
 */
import { describe, expect, it } from "vitest";
import { memoryStore } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

const DESCRIBE_URL_GLOBAL = `(() => { const d = Object.getOwnPropertyDescriptor(globalThis, "URL"); return d.get ? "accessor" : [typeof d.value, d.writable, d.enumerable, d.configurable].join(" "); })()`;

export function defineGuestChunksSuite(create: InterpreterFactory): void {
  const make = trackedInterpreters(create);

  async function value(qb: Awaited<ReturnType<typeof make>>, code: string, threadId: string): Promise<unknown> {
    const result = await qb.eval(code, { threadId });
    expect(result.status, result.text).toBe("ok");
    return result.value;
  }

  describe("parts of the prelude loaded on first use", () => {
    it("a web global is an accessor until the program touches one; then all are data properties, as before", async () => {
      const qb = await make({});
      expect(await value(qb, `[${DESCRIBE_URL_GLOBAL}, typeof TextEncoder]`, "a")).toEqual(["accessor", "function"]);
      expect(await value(qb, `[${DESCRIBE_URL_GLOBAL}, new URL("../x?y=1", "http://h/a/b").href, URL === globalThis.URL, Object.keys(globalThis).includes("URL")]`, "a")).toEqual([
        "function true false true",
        "http://h/x?y=1",
        true,
        false,
      ]);
      expect(await value(qb, `[(1234.5).toLocaleString("de-DE"), new Date(0).toLocaleDateString("en-US"), "a".localeCompare("b"), atob(btoa("hi"))]`, "b")).toEqual(["1.234,5", "1/1/1970", -1, "hi"]);
    });

    it("a program's own value for a web global wins over the chunk's, before and after it loads; the others still load", async () => {
      const qb = await make({});
      const code = `URL = 5; delete globalThis.atob; Object.defineProperty(globalThis, "btoa", { value: "mine", configurable: true });
        [URL, typeof atob, btoa, new TextDecoder().decode(new TextEncoder().encode("é€")), URL, btoa]`;
      expect(await value(qb, code, "own")).toEqual([5, "undefined", "mine", "é€", 5, "mine"]);
      expect(await value(qb, `structuredClone = "later"; [structuredClone, typeof crypto.randomUUID()]`, "own")).toEqual(["later", "string"]);
    });

    it("a proxy made before the inspector loads renders its target and runs no trap; a revoked one as Node's", async () => {
      const qb = await make({});
      const code = `const trap = () => { throw new Error("a trap ran") };
        const p = new Proxy({ a: 1 }, { get: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap });
        const r = Proxy.revocable({}, {}); r.revoke();
        console.log(p); console.log(r.proxy); console.log([p, { p }]); p`;
      const result = await qb.eval(code, { threadId: "p" });
      expect(result.status, result.text).toBe("ok");
      expect(result.stdout).toBe("{ a: 1 }\n<Revoked Proxy>\n[ { a: 1 }, { p: { a: 1 } } ]");
    });

    it("a thread stored before it touched them loads them after it is restored in another interpreter; one stored after keeps them", async () => {
      const store = memoryStore();
      const writer = await make({ store, randomSeed: 3 });
      expect(await value(writer, `globalThis.n = 1; 1`, "before")).toBe(1);
      expect(await value(writer, `globalThis.u = new URL("http://h/a"); console.log({ u: u.href }); 1`, "after")).toBe(1);
      await writer.dispose();
      const reader = await make({ store, randomSeed: 3 });
      const probe = `[${DESCRIBE_URL_GLOBAL}, new URL("b", "http://h/a/").href, new TextDecoder().decode(new Uint8Array([104, 105])), (9876.5).toLocaleString("de-DE"), crypto.randomUUID().length]`;
      expect(await value(reader, `[n, ...${probe}]`, "before")).toEqual([1, "accessor", "http://h/a/b", "hi", "9.876,5", 36]);
      const after = await reader.eval(`console.log({ n: 2 }); [${DESCRIBE_URL_GLOBAL}, u.href, u instanceof URL]`, { threadId: "after" });
      expect(after.status, after.text).toBe("ok");
      expect(after.value).toEqual(["function true false true", "http://h/a", true]);
      expect(after.stdout).toBe("{ n: 2 }");
    });

    it("a first use's load is quickbox's work, not the program's: it does not count against timeoutMs", async () => {
      // Compiling the web platform and the inspector takes 15-40 ms on an idle machine, several times that
      // on a loaded one, far more on the debug build (engine-leaks.test.ts: 500 ms there): a program with a
      // 60 ms budget still gets its first URL and object rendered. Another fresh thread is tried only if one
      // timed out (a busy machine can deschedule even a tiny program that long), three at most.
      const firstUse = async (): Promise<{ status: string; text: string; value?: unknown; stdout?: string }> => {
        const hurried = await make({ timeoutMs: 60 });
        try {
          return await hurried.eval(`globalThis.before = 1; const u = new URL("http://h/a"); console.log({ href: u.href }); ({ path: u.pathname })`, { threadId: "hurried" });
        } finally {
          await hurried.dispose();
        }
      };
      let done = await firstUse();
      for (let tries = 1; tries < 3 && done.status !== "ok" && /Timeout/.test(done.text); tries++) done = await firstUse();
      expect(done.status, done.text).toBe("ok");
      expect(done.value).toEqual({ path: "/a" });
      expect(done.stdout).toBe("{ href: 'http://h/a' }");
    });

    it("a load that finds the memory full is an error; the next use, with memory freed, loads them", async () => {
      const qb = await make({ memoryLimitBytes: 16 * 2 ** 20 });
      const code = `let hog = []; try { for (;;) hog.push("x".repeat(1 << 14) + hog.length) } catch {}
        let first; try { new TextEncoder(); first = "loaded" } catch (error) { first = String(error && error.message) }
        hog = null;
        [first, new TextEncoder().encode("é").length, ${DESCRIBE_URL_GLOBAL}]`;
      const [first, ...rest] = (await value(qb, code, "full")) as unknown[];
      expect(first).toMatch(/could not be loaded|out of memory/);
      expect(rest).toEqual([2, "function true false true"]);
      expect(await value(qb, `new URL("http://h/z").pathname`, "full")).toBe("/z");
    });
  });
}
