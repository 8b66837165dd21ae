/**
 * The host side of the Intl bridge (src/engine/intl-bridge.ts, intl-formatters.ts), called as the
 * engine calls it: one request text in, one reply out. Formatters are kept and reused (a loop of
 * `toLocaleString(…, options)` built one per call: ~100–175 µs each and hundreds of MiB of native
 * memory), at most MAX_FORMATTERS of them; and the locale methods answered by a kept formatter
 * read exactly as the host's own methods given the guest's defaults (en-US last, UTC).
 */
import { expect, it } from "vitest";
import { answerIntlRequest } from "../../src/engine/intl-bridge.js";
import { keptFormatterCount, MAX_FORMATTERS } from "../../src/engine/intl-formatters.js";

type Kind = "NumberFormat" | "DateTimeFormat" | "Collator";

const ask = (op: string, locales: string[], options: object, args: unknown[]) => answerIntlRequest(JSON.stringify({ op, locales, options, args }));

/** The host's own answer in the bridge's reply format ("=" result, or "T"/"R" and the message). */
function hostReply(run: () => string): string {
  try {
    return `=${run()}`;
  } catch (error) {
    return `${error instanceof TypeError ? "T" : "R"}${(error as Error).message}`;
  }
}

/** Counts the host formatters `kind`'s constructor builds while `work` runs. */
function countBuilt(kind: Kind, work: () => void): number {
  const intl = Intl as unknown as Record<Kind, unknown>;
  const original = intl[kind] as new (...args: unknown[]) => object;
  let built = 0;
  intl[kind] = new Proxy(original, {
    construct(target, args, newTarget) {
      built++;
      return Reflect.construct(target, args, newTarget) as object;
    },
  });
  try {
    work();
  } finally {
    intl[kind] = original;
  }
  return built;
}

const DATE_METHODS = ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"] as const;
const DATE_OPTIONS: Record<string, unknown>[] = [
  {},
  { hour: "numeric" },
  { year: "numeric" },
  { weekday: "long" },
  { month: "long", day: "numeric" },
  { timeZoneName: "short" },
  { dayPeriod: "short" },
  { fractionalSecondDigits: 2 },
  { hour12: false },
  { era: "short" },
  { dateStyle: "full" },
  { timeStyle: "short" },
  { dateStyle: "medium", timeStyle: "short" },
  { timeZone: "Asia/Kolkata" },
  { month: "bogus" },
];

export function defineIntlBridgeSuite(): void {
  it("toLocaleString, toLocaleDateString and toLocaleTimeString read as the host's own methods in UTC and en-US, whatever the options", () => {
    for (const method of DATE_METHODS) {
      for (const locales of [[], ["de-DE"], ["en-GB"], ["ja-JP"], ["qq-QQ"]]) {
        for (const options of DATE_OPTIONS) {
          for (const time of [0, 1_705_326_330_123, null]) {
            const expected = hostReply(() => new Date(time ?? Number.NaN)[method]([...locales, "en-US"], { timeZone: "UTC", ...options }));
            expect(ask(`Date.${method}`, locales, options, [time]), `${method} ${JSON.stringify([locales, options, time])}`).toBe(expected);
          }
        }
      }
    }
  });

  it("numbers and string comparison read as the host's own methods", () => {
    const numberOptions: Intl.NumberFormatOptions[] = [{}, { style: "currency", currency: "EUR" }, { style: "percent" }, { maximumFractionDigits: 0 }, { notation: "compact" }];
    for (const locales of [[], ["de-DE"], ["hi-IN"]]) {
      for (const options of numberOptions) {
        for (const value of [0, -1234.5678, 1e21]) {
          const expected = hostReply(() => value.toLocaleString([...locales, "en-US"], options));
          expect(ask("Number.toLocaleString", locales, options, [["n", String(value)]]), JSON.stringify([locales, options, value])).toBe(expected);
        }
      }
    }
    for (const [locales, options] of [[[], {}], [["de"], { sensitivity: "base" }], [["sv"], {}], [["en-US"], { numeric: true, caseFirst: "upper" }]] as const) {
      for (const [a, b] of [["a", "B"], ["ä", "a"], ["z", "ä"], ["10", "9"], ["a", "a"]]) {
        const expected = `=${Math.sign(a!.localeCompare(b!, [...locales, "en-US"], options))}`;
        expect(ask("String.localeCompare", [...locales], options, [a, b]), JSON.stringify([locales, options, a, b])).toBe(expected);
      }
    }
  });

  it("calls with the same locales and options share one host formatter, whatever the order of the options", () => {
    const options: Intl.NumberFormatOptions = { style: "currency", currency: "CHF", minimumIntegerDigits: 7 };
    const reordered = { minimumIntegerDigits: 7, currency: "CHF", style: "currency" };
    let replies = new Set<string>();
    const numbers = countBuilt("NumberFormat", () => {
      for (let i = 0; i < 1000; i++) replies.add(ask("Number.toLocaleString", ["de-CH"], i % 2 ? options : reordered, [["n", "42"]]));
      for (let i = 0; i < 100; i++) ask("NumberFormat.format", ["de-CH"], options, [["n", String(i)]]);
    });
    expect(numbers).toBe(1);
    expect([...replies]).toEqual([`=${(42).toLocaleString(["de-CH", "en-US"], options)}`]);
    replies = new Set();
    const dates = countBuilt("DateTimeFormat", () => {
      for (let i = 0; i < 1000; i++) replies.add(ask("Date.toLocaleString", ["en-AU"], { era: "long" }, [86_400_000]));
    });
    expect(dates).toBe(1);
    expect(replies.size).toBe(1);
    const collators = countBuilt("Collator", () => {
      for (let i = 0; i < 1000; i++) ask("String.localeCompare", ["fi"], { sensitivity: "accent" }, ["å", `a${i}`]);
    });
    expect(collators).toBe(1);
  });

  it(`at most ${MAX_FORMATTERS} formatters are kept: the least recently used is dropped, and built again if asked for`, () => {
    const optionsFor = (i: number) => ({ minimumIntegerDigits: 1 + (i % 21), maximumFractionDigits: Math.floor(i / 21) });
    const replyFor = (i: number) => ask("NumberFormat.format", ["nb-NO"], optionsFor(i), [["n", "3.25"]]);
    const expected = Array.from({ length: 3 * MAX_FORMATTERS }, (_, i) => `=${new Intl.NumberFormat(["nb-NO", "en-US"], optionsFor(i)).format(3.25)}`);
    const replies: string[] = [];
    const built = countBuilt("NumberFormat", () => {
      for (let i = 0; i < 3 * MAX_FORMATTERS; i++) replies.push(replyFor(i));
    });
    expect(replies).toEqual(expected);
    expect(built).toBe(3 * MAX_FORMATTERS);
    expect(keptFormatterCount()).toBe(MAX_FORMATTERS);
    // The most recent ones are kept; the first was dropped and is built again.
    expect(countBuilt("NumberFormat", () => replyFor(3 * MAX_FORMATTERS - 1))).toBe(0);
    let again = "";
    expect(countBuilt("NumberFormat", () => void (again = replyFor(0)))).toBe(1);
    expect(again).toBe(expected[0]);
    expect(keptFormatterCount()).toBe(MAX_FORMATTERS);
  });

  it("a request whose options the host refuses keeps nothing", () => {
    const before = keptFormatterCount();
    for (let i = 0; i < 100; i++) expect(ask("NumberFormat.format", ["en-US"], { maximumFractionDigits: 200 + i }, [["n", "1"]])).toMatch(/^R/);
    expect(keptFormatterCount()).toBe(before);
  });
}
