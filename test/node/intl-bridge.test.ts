import { afterEach, describe, expect, it } from "vitest";
import { createInterpreter } from "../../src/index.js";
import { defineIntlBridgeSuite } from "../shared/intl-bridge-suite.js";
import { trackedInterpreters } from "../shared/tracked-interpreters.js";

describe("the Intl bridge's host side (Node)", () => {
  defineIntlBridgeSuite();
});

/**
 * Node lets the host change its own zone while it runs (process.env.TZ): the guest must not see
 * it. A page cannot change its browser's zone, so this part runs in Node only.
 */
describe.each(["inline", "worker"] as const)("the host's time zone never reaches the guest (Node, %s)", (isolation) => {
  const open = trackedInterpreters((options) => createInterpreter({ ...options, isolation }));
  const originalZone = process.env.TZ;
  afterEach(() => {
    if (originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalZone;
  });

  it("after the host moves to Asia/Kolkata, every form still formats in UTC and en-US", async () => {
    const qb = await open({});
    const forms = [
      "d.toLocaleString()", "d.toLocaleDateString()", "d.toLocaleTimeString()", 'd.toLocaleString("en-GB")', 'd.toLocaleTimeString("qq-QQ")',
      'd.toLocaleTimeString("de-DE", { hour: "numeric" })', "new Intl.DateTimeFormat().format(d)", 'new Intl.DateTimeFormat("en-GB", { timeStyle: "short" }).format(d)',
      "new Intl.DateTimeFormat().resolvedOptions().timeZone", "String(d)",
    ];
    const code = `const d = new Date(0); [${forms.join(", ")}]`;
    // The host's formatters and caches exist before the zone changes.
    const before = await qb.eval(code);
    process.env.TZ = "Asia/Kolkata";
    expect(new Date(0).toLocaleTimeString("en-US")).toBe("5:30:00 AM");
    const after = await qb.eval(code);
    const d = new Date(0);
    const utc = { timeZone: "UTC" };
    expect(after.value).toEqual([
      d.toLocaleString("en-US", utc), d.toLocaleDateString("en-US", utc), d.toLocaleTimeString("en-US", utc), d.toLocaleString("en-GB", utc), d.toLocaleTimeString("en-US", utc),
      d.toLocaleTimeString("de-DE", { hour: "numeric", ...utc }), new Intl.DateTimeFormat("en-US", utc).format(d), new Intl.DateTimeFormat("en-GB", { timeStyle: "short", ...utc }).format(d),
      "UTC", "Thu Jan 01 1970 00:00:00 GMT+0000",
    ]);
    expect(after.value).toEqual(before.value);
  });
});
