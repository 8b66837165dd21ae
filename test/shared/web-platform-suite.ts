/**
 * The web-platform pieces inside the sandbox (README, "What the program sees"): URL,
 * URLSearchParams, TextEncoder/TextDecoder, atob/btoa, structuredClone, crypto, Intl and the
 * locale methods. The host runtime is the reference: the same expressions run in the guest and in
 * the host (Node or Chromium), except URL, whose reference is Node's (a fixture, since Chromium's
 * URL departs from the standard in places). Shared by Node and Chromium, inline and worker.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryStore, type Interpreter } from "../../src/index.js";
import { answerIntlRequest } from "../../src/engine/intl-bridge.js";
import type { InterpreterFactory } from "./engine-suite.js";
import { trackedInterpreters } from "./tracked-interpreters.js";
import { DESCRIBE_SETTERS_SOURCE, DESCRIBE_URLS_SOURCE, URL_PROPERTIES, URL_SETTER_CASES, urlCorpus } from "./url-corpus.js";
import urlFixture from "../fixtures/web-platform-url.json";

/** Each expression's value, or the name of what it threw; as JSON text, evaluated wherever. */
function probeSource(expressions: readonly string[]): string {
  const items = expressions.map((e) => `(() => { try { return { ok: (${e}) }; } catch (error) { return { error: String(error && error.name) }; } })()`);
  return `JSON.stringify([\n${items.join(",\n")}\n])`;
}

function inHost(expressions: readonly string[]): unknown[] {
  return JSON.parse(new Function(`return ${probeSource(expressions)}`)() as string) as unknown[];
}

/** Expressions and the host expression they must equal (the same text unless given). */
type Case = string | [guest: string, host: string];

const CLONE_DESCRIBER = `(value) => {
  const seen = new Map();
  const walk = (v) => {
    if (typeof v === "bigint") return ["bigint", String(v)];
    if (typeof v === "number") return Object.is(v, -0) ? ["-0"] : Number.isNaN(v) ? ["NaN"] : v;
    if (typeof v !== "object" || v === null) return v === undefined ? ["undefined"] : v;
    if (seen.has(v)) return ["ref", seen.get(v)];
    seen.set(v, seen.size);
    const tag = Object.prototype.toString.call(v);
    const proto = Object.getPrototypeOf(v);
    const head = [tag, proto && proto.constructor ? proto.constructor.name : null];
    if (v instanceof Map) return [...head, [...v].map(([k, x]) => [walk(k), walk(x)])];
    if (v instanceof Set) return [...head, [...v].map(walk)];
    if (v instanceof Date) return [...head, v.getTime()];
    if (v instanceof RegExp) return [...head, v.source, v.flags, v.lastIndex];
    if (v instanceof ArrayBuffer) return [...head, [...new Uint8Array(v)]];
    if (ArrayBuffer.isView(v)) return [...head, v.byteOffset, v.byteLength, walk(v.buffer)];
    if (v instanceof Error) return [...head, v.name, v.message, "cause" in v ? walk(v.cause) : "no cause"];
    if (["[object Number]", "[object String]", "[object Boolean]", "[object BigInt]"].includes(tag)) return [...head, walk(v.valueOf())];
    return [...head, Array.isArray(v) ? v.length : -1, Object.keys(v).map((k) => [k, walk(v[k])])];
  };
  return walk(value);
}`;

export function defineWebPlatformSuite(create: InterpreterFactory): void {
  let qb: Interpreter;
  let thread = 0;
  const make = trackedInterpreters(create);
  beforeAll(async () => {
    qb = await create({ timeoutMs: 5000, wallTimeoutMs: 20_000 });
  });
  afterAll(async () => {
    await qb.dispose();
  });

  async function evalValue(code: string, threadId = `w${thread++}`): Promise<unknown> {
    const result = await qb.eval(code, { threadId });
    expect(result.status, result.text).toBe("ok");
    return result.value;
  }

  async function inGuest(expressions: readonly string[], prefix = ""): Promise<unknown[]> {
    return JSON.parse((await evalValue(`${prefix}\n${probeSource(expressions)}`)) as string) as unknown[];
  }

  /** Runs every case in the guest and its counterpart in the host; one assertion per case. */
  async function expectLikeHost(cases: readonly Case[], prefix = ""): Promise<void> {
    const guest = await inGuest(cases.map((c) => (typeof c === "string" ? c : c[0])), prefix);
    const host = inHost(cases.map((c) => (typeof c === "string" ? c : c[1])));
    cases.forEach((c, i) => expect(guest[i], typeof c === "string" ? c : c[0]).toEqual(host[i]));
  }

  describe("URL and URLSearchParams", () => {
    it("parse like Node's URL (WHATWG): a fixed list and a seeded sample of 300 inputs, relative ones against bases", async () => {
      const cases = urlCorpus();
      const guest = (await evalValue(`(${DESCRIBE_URLS_SOURCE})(URL, ${JSON.stringify(cases)}, ${JSON.stringify(URL_PROPERTIES)})`)) as unknown[];
      expect(guest.length).toBe(urlFixture.parse.length);
      cases.forEach((c, i) => expect(guest[i], JSON.stringify(c)).toEqual(urlFixture.parse[i]));
    });

    it("setters change the URL as Node's do (href, protocol, credentials, host, hostname, port, pathname, search, hash)", async () => {
      const guest = (await evalValue(`(${DESCRIBE_SETTERS_SOURCE})(URL, ${JSON.stringify(URL_SETTER_CASES)})`)) as unknown[];
      URL_SETTER_CASES.forEach((c, i) => expect(guest[i], JSON.stringify(c)).toEqual(urlFixture.setters[i]));
    });

    it("searchParams is bound to the URL both ways; toString and toJSON give href", async () => {
      expect(
        await evalValue(`const u = new URL("https://ex.com/p?a=1&b=2#h");
          const p = u.searchParams; const log = [];
          p.append("c", "x y"); log.push(u.href);
          p.delete("a"); p.set("b", "é"); log.push(u.search);
          u.search = "?z=9&z=8"; log.push(p.getAll("z").join(), p === u.searchParams);
          u.href = "http://other/?k=v"; log.push(p.get("k"), p.size);
          p.delete("k"); log.push(u.href, JSON.stringify({ u }), String(u), u.toJSON());
          log`),
      ).toEqual([
        "https://ex.com/p?a=1&b=2&c=x+y#h", "?b=%C3%A9&c=x+y", "9,8", true, "v", 1, "http://other/", '{"u":"http://other/"}', "http://other/", "http://other/",
      ]);
    });

    it("URLSearchParams matches the host's: constructors, every method, iteration, encoding", async () => {
      const cases = [
        `new URLSearchParams("?a=1&b=%zz&c=+x%20y&&=&d&é=ü").toString()`,
        `[...new URLSearchParams("a=1&b=2&a=3")]`,
        `new URLSearchParams({ a: "~!*()'", b: "é 😀", "c d": "&=+" }).toString()`,
        `new URLSearchParams([["x", "1"], ["y", "2"], ["x", "3"]]).getAll("x")`,
        `new URLSearchParams(new URLSearchParams("q=1")).toString()`,
        `(() => { const p = new URLSearchParams("b=2&a=1&b=1&a=0"); p.sort(); return p.toString(); })()`,
        `(() => { const p = new URLSearchParams("a=1&a=2&b=3"); p.set("a", "9"); p.delete("b", "x"); return [p.toString(), p.has("a", "9"), p.has("a", "1"), p.get("zz"), p.size]; })()`,
        `(() => { const p = new URLSearchParams("a=1&b=2"); const out = []; p.forEach((v, k, self) => out.push(k + v + (self === p))); return out; })()`,
        `(() => { const p = new URLSearchParams("a=1&b=2"); return [[...p.keys()], [...p.values()], [...p.entries()], Object.prototype.toString.call(p.entries())]; })()`,
        `new URLSearchParams([["a"]])`,
        `new URLSearchParams("a=\\ud800").get("a")`,
        `new URLSearchParams().get()`,
      ];
      await expectLikeHost(cases);
    });

    it("renders as Node renders URL and URLSearchParams", async () => {
      expect((await qb.eval(`new URL("https://u:p@a.com:8080/p?q=1#h")`, { threadId: `w${thread++}` })).text).toBe(
        "<result>URL {\n  href: 'https://u:p@a.com:8080/p?q=1#h',\n  origin: 'https://a.com:8080',\n  protocol: 'https:',\n  username: 'u',\n  password: 'p',\n  host: 'a.com:8080',\n  hostname: 'a.com',\n  port: '8080',\n  pathname: '/p',\n  search: '?q=1',\n  searchParams: URLSearchParams { 'q' => '1' },\n  hash: '#h'\n}</result>",
      );
      expect((await qb.eval(`[new URLSearchParams("a=1&b=2&a=3"), new URLSearchParams(), new TextDecoder()]`, { threadId: `w${thread++}` })).text).toBe(
        "<result>[\n  URLSearchParams { 'a' => '1', 'b' => '2', 'a' => '3' },\n  URLSearchParams {},\n  TextDecoder { encoding: 'utf-8', fatal: false, ignoreBOM: false }\n]</result>",
      );
      const invalid = await qb.eval(`new URL("nope")`, { threadId: `w${thread++}` });
      expect(invalid.text).toMatch(/^<error type="TypeError">Invalid URL/);
    });
  });

  describe("names", () => {
    it("the web globals, crypto's methods and Intl.getCanonicalLocales have the host's names", async () => {
      await expectLikeHost([
        `[URL, URLSearchParams, TextEncoder, TextDecoder, DOMException, Crypto, structuredClone, atob, btoa].map((f) => f.name)`,
        `[crypto.getRandomValues.name, crypto.randomUUID.name, Intl.getCanonicalLocales.name, Intl.NumberFormat.name]`,
        `[Object.getOwnPropertyDescriptor(URL, "name").writable, Object.getOwnPropertyDescriptor(URL, "name").configurable]`,
      ]);
    });
  });

  describe("TextEncoder, TextDecoder, atob, btoa", () => {
    it("encode and decode UTF-8 like the host: lone surrogates, invalid bytes, fatal, BOM, streaming, encodeInto", async () => {
      await expectLikeHost([
        `[...new TextEncoder().encode("héllo 😀 \\ud800 x\\udc00")]`,
        `new TextEncoder().encoding`,
        `new TextEncoder().encodeInto("héllo😀", new Uint8Array(5))`,
        `(() => { const b = new Uint8Array(8); const r = new TextEncoder().encodeInto("a😀b", b); return [r, [...b]]; })()`,
        `new TextDecoder().decode(new Uint8Array([0x68, 0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80, 0xe2, 0x82]))`,
        `new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0xff]))`,
        `[new TextDecoder().decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41])), new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41])).length]`,
        `(() => { const d = new TextDecoder(); const bytes = new TextEncoder().encode("aé😀z"); let s = ""; for (const b of bytes) s += d.decode(new Uint8Array([b]), { stream: true }); return s + d.decode(); })()`,
        `new TextDecoder().decode(new Uint16Array([0x6968]).buffer)`,
        `new TextDecoder().decode(new DataView(new Uint8Array([0x41, 0x42, 0x43]).buffer, 1))`,
        `[new TextDecoder(" UTF8 ").encoding, new TextDecoder().fatal, new TextDecoder("utf-8", { fatal: 1 }).fatal]`,
        `new TextDecoder("utf-8").decode("not bytes")`,
        `new TextDecoder("utf-16xx")`,
      ]);
    });

    it("atob and btoa like the host, with InvalidCharacterError", async () => {
      await expectLikeHost([
        `[btoa(""), btoa("a"), btoa("ab"), btoa("abc"), btoa("\\xff\\xfe\\x00"), btoa("hello world")]`,
        `[atob(""), atob("YQ"), atob("YQ=="), atob("YWJj"), atob(" Y W\\tJ\\nj "), atob("/w==")]`,
        `btoa("€")`,
        `atob("YQ=")`,
        `atob("Y===")`,
        `atob("a")`,
        `atob("ab=c")`,
        `atob("*")`,
        `(() => { try { atob("*") } catch (e) { return [e instanceof DOMException, e instanceof Error, e.code, e.name] } })()`,
        `atob(btoa(String.fromCharCode(...Array.from({ length: 256 }, (_, i) => i)))).length`,
      ]);
    });
  });

  describe("structuredClone", () => {
    it("copies like the host's: cycles, shared references, Map, Set, Date, RegExp, binary data, Errors, boxed primitives", async () => {
      const prefix = `const describeClone = ${CLONE_DESCRIBER};
        const shared = { s: 1 }; const cyclic = { a: shared, b: shared }; cyclic.self = cyclic;
        const buffer = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]).buffer;
        class Point { constructor() { this.x = 1 } get y() { return 2 } }
        const sparse = [1, , 3]; sparse.extra = "e";
        const regex = /ab+c/gi; regex.lastIndex = 2;`;
      const values = [
        `1`, `"s"`, `null`, `undefined`, `10n`, `-0`, `NaN`, `cyclic`, `new Map([[{ k: 1 }, new Set([1, shared])], [shared, shared]])`,
        `new Date(123)`, `regex`, `buffer`, `{ v: new Uint16Array(buffer, 2, 2), d: new DataView(buffer, 1, 3), b: buffer, f: new Float64Array([1.5]) }`,
        `new Boolean(false)`, `new Number(3)`, `new String("str")`, `Object(5n)`, `new RangeError("boom", { cause: { c: 1 } })`,
        `new TypeError("t")`, `Object.assign(new Error("m"), { name: "AbortError" })`, `new Point()`, `sparse`, `{ get g() { return 9 } }`,
      ];
      const cases = values.map((v) => `(() => { const copy = structuredClone(${v}); return [describeClone(copy), typeof copy === "object" && copy !== null && copy === (${v})]; })()`);
      const guest = await inGuest(cases, prefix);
      const host = JSON.parse(new Function(`${prefix}\nreturn ${probeSource(cases)}`)() as string) as unknown[];
      values.forEach((v, i) => expect(guest[i], v).toEqual(host[i]));
      expect(await evalValue(`const s = { a: 1 }; const c = structuredClone({ x: s, y: [s], z: new Map([[s, s]]) }); [c.x === c.y[0], c.z.get(c.x) === c.x, c.x !== s]`)).toEqual([true, true, true]);
    });

    it("refuses what cannot be cloned with a DataCloneError, as the host does", async () => {
      await expectLikeHost([
        `structuredClone(() => 1)`, `structuredClone(Symbol("x"))`, `structuredClone({ a: new WeakMap() })`, `structuredClone(new WeakSet())`,
        `structuredClone(Promise.resolve(1))`, `structuredClone([[].values()])`, `structuredClone((function* () {})())`, `structuredClone({ f() {} })`,
        `structuredClone(Object(Symbol("q")))`, `structuredClone(new Proxy({}, {}))`, `structuredClone()`,
        `(() => { try { structuredClone(() => 1) } catch (e) { return [e instanceof DOMException, e.code] } })()`,
      ]);
    });
  });

  describe("crypto", () => {
    it("getRandomValues and randomUUID come from the seeded generator: same seed, same values; QuotaExceededError and TypeMismatchError", async () => {
      const code = `[Array.from(crypto.getRandomValues(new Uint8Array(8))), crypto.randomUUID(), Array.from(crypto.getRandomValues(new Int32Array(2))), Math.random(), String(crypto.getRandomValues(new BigUint64Array(1))[0])]`;
      const [a, b, c] = await Promise.all([make({ randomSeed: 42 }), make({ randomSeed: 42 }), make({ randomSeed: 43 })]);
      const first = (await a.eval(code, { threadId: "r" })).value as unknown[];
      expect((await b.eval(code, { threadId: "r" })).value).toEqual(first);
      expect((await c.eval(code, { threadId: "r" })).value).not.toEqual(first);
      expect(first[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      await expectLikeHost([
        `crypto.getRandomValues(new Uint8Array(65537))`, `crypto.getRandomValues(new Float32Array(4))`, `crypto.getRandomValues(new DataView(new ArrayBuffer(4)))`,
        `crypto.getRandomValues(new Uint8Array(65536)).length`, `crypto.getRandomValues(new Uint32Array(0)).length`,
        `(() => { try { crypto.getRandomValues(new Uint8Array(70000)) } catch (e) { return e.code } })()`,
        `typeof crypto.randomUUID()`, `Object.prototype.toString.call(crypto)`,
      ]);
      expect(await evalValue(`[typeof crypto.subtle, new Set(Array.from({ length: 50 }, () => crypto.randomUUID())).size]`)).toEqual(["undefined", 50]);
    });
  });

  describe("Intl and the locale methods, through the host's Intl", () => {
    const UTC = `{ timeZone: "UTC" }`;
    const D = `new Date(Date.UTC(2024, 0, 15, 13, 45, 30, 123))`;

    it("numbers: toLocaleString and NumberFormat with styles, currencies, digits, grouping, compact, parts and ranges", async () => {
      await expectLikeHost([
        [`(1234567.891).toLocaleString()`, `(1234567.891).toLocaleString("en-US")`],
        `[(1234.5).toLocaleString("de-DE"), (1234.5).toLocaleString("fr-FR"), (1234.5).toLocaleString("en-IN"), (12345678).toLocaleString("hi-IN")]`,
        `(0.256).toLocaleString("en-US", { style: "percent", maximumFractionDigits: 1 })`,
        `[new Intl.NumberFormat("en-US", { style: "currency", currency: "JPY" }).format(123456.789), new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR", currencyDisplay: "name" }).format(2)]`,
        `new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(-1234.5)`,
        `new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", currencySign: "accounting" }).format(-5)`,
        `[new Intl.NumberFormat("en-US", { notation: "compact" }).format(1234567), new Intl.NumberFormat("en-US", { notation: "compact", compactDisplay: "long" }).format(1234567), new Intl.NumberFormat("en-US", { notation: "scientific" }).format(123456)]`,
        `[new Intl.NumberFormat("en-US", { useGrouping: false }).format(1234567), new Intl.NumberFormat("en-US", { minimumFractionDigits: 2 }).format(3), new Intl.NumberFormat("en-US", { maximumSignificantDigits: 3 }).format(123456), new Intl.NumberFormat("en-US", { signDisplay: "always" }).format(5)]`,
        `new Intl.NumberFormat("en-US", { style: "unit", unit: "kilometer-per-hour", unitDisplay: "long" }).format(50)`,
        `new Intl.NumberFormat("en-US").formatToParts(-1234.5)`,
        `[new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).formatRange(3, 5), new Intl.NumberFormat("en-US").formatRangeToParts(1, 2).length]`,
        `[(12345678901234567890n).toLocaleString("en-US"), new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 }).format("1.23456789012345678901"), new Intl.NumberFormat("en-US").format(12345678901234567890n)]`,
        [`[(-0).toLocaleString(), NaN.toLocaleString(), Infinity.toLocaleString(), (1e21).toLocaleString()]`, `[(-0).toLocaleString("en-US"), NaN.toLocaleString("en-US"), Infinity.toLocaleString("en-US"), (1e21).toLocaleString("en-US")]`],
        `new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).resolvedOptions()`,
        `(() => { const f = new Intl.NumberFormat("en-US").format; return [1, 22, 333333].map(f); })()`,
        `new Intl.NumberFormat("en-US", { style: "currency" })`,
        `new Intl.NumberFormat("en_US")`,
        `new Intl.NumberFormat("en-US", { maximumFractionDigits: 200 })`,
        `new Intl.NumberFormat("en-US", { style: "bogus" })`,
        `Intl.NumberFormat("en-US").format(1000)`,
        `Object.prototype.toString.call(new Intl.NumberFormat())`,
      ]);
    });

    it("dates: toLocale(Date|Time)String and DateTimeFormat, in UTC unless a zone is named; styles, components, parts, ranges", async () => {
      await expectLikeHost([
        [`${D}.toLocaleString()`, `${D}.toLocaleString("en-US", ${UTC})`],
        [`${D}.toLocaleDateString()`, `${D}.toLocaleDateString("en-US", ${UTC})`],
        [`${D}.toLocaleTimeString()`, `${D}.toLocaleTimeString("en-US", ${UTC})`],
        [`${D}.toLocaleDateString("de-DE", { weekday: "long", year: "numeric", month: "long", day: "numeric" })`, `${D}.toLocaleDateString("de-DE", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })`],
        [`${D}.toLocaleTimeString("en-US", { hour12: false })`, `${D}.toLocaleTimeString("en-US", { hour12: false, timeZone: "UTC" })`],
        `${D}.toLocaleString("en-US", { timeZone: "America/New_York", timeZoneName: "short" })`,
        `${D}.toLocaleString("ja-JP", { timeZone: "Asia/Tokyo" })`,
        [`new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "long" }).format(${D})`, `new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "long", timeZone: "UTC" }).format(${D})`],
        [`new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" }).format(${D})`, `new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(${D})`],
        [`new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit" }).format(${D})`, `new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit", timeZone: "UTC" }).format(${D})`],
        [`new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric" }).formatToParts(0)`, `new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" }).formatToParts(0)`],
        [`new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).formatRange(0, 86400000 * 3)`, `new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).formatRange(0, 86400000 * 3)`],
        [`new Intl.DateTimeFormat().format(0)`, `new Intl.DateTimeFormat("en-US", ${UTC}).format(0)`],
        [`(() => { const o = new Intl.DateTimeFormat().resolvedOptions(); return [o.locale, o.timeZone, o.calendar]; })()`, `["en-US", "UTC", "gregory"]`],
        [`new Date(NaN).toLocaleString()`, `new Date(NaN).toLocaleString("en-US", ${UTC})`],
        `new Intl.DateTimeFormat("en-US").format(NaN)`,
        `new Intl.DateTimeFormat("en-US", { timeZone: "Mars/Olympus" })`,
        `new Intl.DateTimeFormat("en-US", { dateStyle: "full", year: "numeric" })`,
      ]);
    });

    it("collation, plural rules, relative time, lists, locale lists", async () => {
      await expectLikeHost([
        [`["b", "a", "B", "á", "A", "z", "ä", "10", "9", "_x", " y"].sort(new Intl.Collator().compare)`, `["b", "a", "B", "á", "A", "z", "ä", "10", "9", "_x", " y"].sort(new Intl.Collator("en-US").compare)`],
        [`["b", "a", "B", "á", "A", "z", "ä"].sort((x, y) => x.localeCompare(y))`, `["b", "a", "B", "á", "A", "z", "ä"].sort((x, y) => x.localeCompare(y, "en-US"))`],
        `["ä", "z", "a"].sort((x, y) => x.localeCompare(y, "sv"))`,
        `[new Intl.Collator("en-US", { sensitivity: "base" }).compare("a", "Á"), new Intl.Collator("en-US", { sensitivity: "accent" }).compare("a", "A"), "a".localeCompare("B", "en-US", { caseFirst: "upper" })]`,
        `["10", "9", "1", "2b", "2a"].sort(new Intl.Collator("en-US", { numeric: true }).compare)`,
        `new Intl.Collator("de", { usage: "search", sensitivity: "base" }).resolvedOptions()`,
        `[new Intl.PluralRules("en-US").select(1), new Intl.PluralRules("en-US").select(2), new Intl.PluralRules("en-US", { type: "ordinal" }).select(22), new Intl.PluralRules("ar").select(3)]`,
        `[new Intl.RelativeTimeFormat("en-US", { numeric: "auto" }).format(-1, "day"), new Intl.RelativeTimeFormat("en-US").format(3, "hours"), new Intl.RelativeTimeFormat("es").format(-2, "week")]`,
        `new Intl.RelativeTimeFormat("en-US").formatToParts(100, "day")`,
        `[new Intl.ListFormat("en-US").format(["a", "b", "c"]), new Intl.ListFormat("en-US", { type: "disjunction" }).format(["a", "b"]), new Intl.ListFormat("de").formatToParts(["x", "y"])]`,
        `new Intl.ListFormat("en-US").format(["a", 1])`,
        `Intl.getCanonicalLocales(["EN-us", "de", "en-us"])`,
        `Intl.NumberFormat.supportedLocalesOf(["en-US", "de"])`,
        `Intl.getCanonicalLocales("en_US")`,
        `new Intl.PluralRules("en-US").select.call({}, 1)`,
        `Object.prototype.toString.call(Intl)`,
      ]);
    });

    it("compares like the host's collator on ASCII strings (answered in the guest) and on any others (answered by the host)", async () => {
      let seed = 7;
      const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
      const alphabet = ["a", "A", "b", "B", "z", "Z", "0", "9", " ", "\t", "-", "_", ".", ",", "'", "~", "$", "é", "É", "ß", "\u0001", "中"];
      const word = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * (random() < 0.8 ? 17 : alphabet.length))]).join("");
      const pairs: [string, string][] = [];
      for (let i = 0; i < 400; i++) {
        const a = word(1 + Math.floor(random() * 6));
        const b = random() < 0.4 ? a.slice(0, Math.floor(random() * a.length)) + word(Math.floor(random() * 3)) : random() < 0.5 ? a.toUpperCase() : word(1 + Math.floor(random() * 6));
        pairs.push([a, b]);
      }
      const source = (compare: string) => `${JSON.stringify(pairs)}.map(([a, b]) => ${compare})`;
      await expectLikeHost([
        [source("a.localeCompare(b)"), source('a.localeCompare(b, "en-US")')],
        source('a.localeCompare(b, "en", { sensitivity: "base" })'),
        source('new Intl.Collator("en-GB", { sensitivity: "accent", usage: "sort" }).compare(a, b)'),
        source('new Intl.Collator("en-US", { caseFirst: "upper" }).compare(a, b)'),
        source('a.localeCompare(b, "da")'),
      ]);
    });

    it("falls back to en-US (not the host's locale) for unknown locales, and formats the guest's clock, never the host's", async () => {
      const later = new Date(90_000_000).toLocaleString("en-US", { timeZone: "UTC" });
      expect(
        await evalValue(`const dtf = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
          const before = [dtf.format(), new Date().toLocaleDateString(), new Intl.NumberFormat("qq-QQ").resolvedOptions().locale];
          await new Promise((resolve) => setTimeout(resolve, 86400000 + 3600000));
          [...before, dtf.format(), new Date().toLocaleString()]`),
      ).toEqual([
        new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(0), "1/1/1970", "en-US",
        new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(90_000_000), later,
      ]);
    });
  });

  describe("threads, snapshots and the rest of the sandbox", () => {
    it("every piece keeps working after the thread is stored and restored in another interpreter; crypto continues its sequence", async () => {
      const setup = `const u = new URL("https://ex.com/a?x=1"); const nf = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
        const coll = new Intl.Collator("en-US", { sensitivity: "base" }); const enc = new TextEncoder(); const dec = new TextDecoder();
        const first = crypto.randomUUID();`;
      const after = `u.searchParams.append("y", "2"); [u.href, nf.format(1234.5), coll.compare("a", "A"), dec.decode(enc.encode("é€")), first.length, crypto.randomUUID(), Array.from(crypto.getRandomValues(new Uint8Array(4))), Math.random(), structuredClone(new Map([[1, u.href]])).get(1), btoa(atob("aGk="))]`;
      const store = memoryStore();
      const writer = await make({ store, randomSeed: 7 });
      const written = await writer.eval(setup, { threadId: "snap" });
      expect(written.status, written.text).toBe("ok");
      await writer.dispose();
      const reader = await make({ store, randomSeed: 7 });
      const restored = await reader.eval(after, { threadId: "snap" });
      expect(restored.status, restored.text).toBe("ok");
      const reference = await make({ randomSeed: 7 });
      await reference.eval(setup, { threadId: "snap" });
      expect(restored.value).toEqual((await reference.eval(after, { threadId: "snap" })).value);
      expect((restored.value as unknown[])[1]).toBe("$1,234.50");
    });

    it("a thread paused on a tool call resumes elsewhere and formats, parses and draws random values as an uninterrupted one does", async () => {
      const code = `const fmt = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }); const before = crypto.randomUUID();
        const answer = await tools.ask({});
        [answer, fmt.format(86400000), new URL("../b?q=é", "http://h/a/x").href, before, crypto.randomUUID(), (9876.5).toLocaleString("de-DE")]`;
      const tools = [{ name: "ask", execute: () => "yes" }];
      const store = memoryStore();
      const first = await make({ store, tools, interruptOn: { ask: true }, randomSeed: 11 });
      const paused = await first.eval(code, { threadId: "p" });
      expect(paused.status, paused.text).toBe("paused");
      await first.dispose();
      const second = await make({ store, tools, interruptOn: { ask: true }, randomSeed: 11 });
      const done = await second.resume("p", { [paused.interrupts![0]!.id]: { type: "approve" } });
      expect(done.status, done.text).toBe("ok");
      const reference = await make({ tools, randomSeed: 11 });
      expect(done.value).toEqual((await reference.eval(code, { threadId: "p" })).value);
    });

    it("the bridge is out of the program's reach, and fetch, host time and host randomness stay absent", async () => {
      expect(
        await evalValue(`[Object.getOwnPropertyNames(globalThis).filter((n) => n.startsWith("__")), "__quickboxHostIntl" in globalThis,
          typeof fetch, typeof crypto.subtle, typeof process, new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: "UTC" }).format(),
          Object.getOwnPropertyNames(Intl).sort()]`),
      ).toEqual([[], false, "undefined", "undefined", "undefined", "1970", ["Collator", "DateTimeFormat", "ListFormat", "NumberFormat", "PluralRules", "RelativeTimeFormat", "getCanonicalLocales"]]);
    });

    it("hostile inputs end as errors or Timeout within budgets: huge URLs, TextDecoder and atob inputs, oversized Intl requests", async () => {
      // The huge inputs may end as Timeout: a short CPU budget (each would otherwise spend a whole roomy one);
      // the inputs that must finish run on a roomy interpreter (a loaded machine cannot exhaust it).
      const hostile = await make({ timeoutMs: 400, wallTimeoutMs: 20_000, memoryLimitBytes: 64 * 2 ** 20 });
      const roomy = await make({ timeoutMs: 5000, wallTimeoutMs: 20_000, memoryLimitBytes: 64 * 2 ** 20 });
      const outcome = async (code: string): Promise<string> => {
        const result = await hostile.eval(code, { threadId: `h${thread++}` });
        return result.status === "ok" ? "ok" : (result.error?.type ?? result.status);
      };
      const allowed = ["ok", "TypeError", "RangeError", "InternalError", "Timeout", "OutOfMemory", "InvalidCharacterError"];
      expect(allowed).toContain(await outcome(`new URL("http://" + "a".repeat(2 ** 22) + "/").href.length`));
      expect(allowed).toContain(await outcome(`new URL("http://h/" + "%zz/..\\\\".repeat(2 ** 19)).href.length`));
      expect(allowed).toContain(await outcome(`new TextDecoder().decode(new Uint8Array(2 ** 24).fill(0xc3)).length`));
      expect(allowed).toContain(await outcome(`atob("QUJD".repeat(2 ** 22)).length`));
      expect(allowed).toContain(await outcome(`structuredClone(new Array(2 ** 20).fill({ a: [1, 2, 3] })).length`));
      expect(await outcome(`(1).toLocaleString("en-US", { currency: "x".repeat(100000), style: "currency" })`)).toBe("RangeError");
      expect(await outcome(`new Intl.NumberFormat("en-US", { style: "x".repeat(70) })`)).toBe("RangeError");
      expect(await outcome(`"a".localeCompare("b", Array(20).fill("en"))`)).toBe("RangeError");
      expect(await outcome(`Intl.getCanonicalLocales("a".repeat(65))`)).toBe("RangeError");
      expect(await outcome(`new Intl.ListFormat("en-US").format(Array(30000).fill("word"))`)).toBe("RangeError");
      expect(await roomy.eval(`["b".repeat(40000), "a".repeat(40000)].sort((x, y) => x.localeCompare(y))[0].length`, { threadId: "long" })).toMatchObject({ status: "ok", value: 40000 });
      expect((await hostile.eval("1 + 1", { threadId: "after" })).value).toBe(2);
    }, 120_000);

    it("the host bridge refuses oversized and malformed requests and never throws", () => {
      const ask = (request: unknown) => answerIntlRequest(typeof request === "string" ? request : JSON.stringify(request));
      const ok = { op: "NumberFormat.format", locales: [], options: {}, args: [["n", "1234.5"]] };
      expect(ask(ok)).toBe("=" + (1234.5).toLocaleString("en-US"));
      expect(ask({ ...ok, op: "String.localeCompare", args: ["a", "b"] })).toBe("=-1");
      const refusals: unknown[] = [
        "x".repeat(70000), "{", "null", "[]", { ...ok, op: "constructor" }, { ...ok, op: "__proto__" }, { ...ok, op: "eval" },
        { ...ok, args: [] }, { ...ok, args: [["n", "1"], ["n", "2"]] }, { ...ok, args: [["n", "1e400x"]] }, { ...ok, args: [["x", "1"]] },
        { ...ok, args: [["b", "9".repeat(2000)]] }, { ...ok, args: [["s", "1".repeat(2000)]] }, { ...ok, args: [{ valueOf: 1 }] },
        { ...ok, locales: "en-US" }, { ...ok, locales: Array(17).fill("en") }, { ...ok, locales: ["en US"] }, { ...ok, locales: [{}] },
        { ...ok, options: { constructor: "x" } }, { ...ok, options: { __proto__: { style: "percent" }, toString: "x" } },
        { ...ok, options: { style: 1 } }, { ...ok, options: { style: "x".repeat(65) } }, { ...ok, options: { useGrouping: {} } },
        { ...ok, options: [] }, { ...ok, op: "ListFormat.format", args: [Array(10001).fill("a")] }, { ...ok, op: "DateTimeFormat.format", args: ["0"] },
      ];
      for (const request of refusals) expect(ask(request), JSON.stringify(request)?.slice(0, 80)).toMatch(/^[RT]/);
      for (let i = 0; i < 300; i++) {
        const junk = JSON.stringify({ op: ["NumberFormat.format", "Collator.compare", "x"][i % 3], locales: [String(i)], options: { style: i }, args: [i, [i]] }).slice(0, i);
        expect(ask(junk)).toMatch(/^[=RT]/);
      }
    });
  });
}
