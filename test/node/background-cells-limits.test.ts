/**
 * BackgroundCells (src/host/background-cells.ts) on its own, at its limit: finished cells nobody
 * waits for are kept up to MAX_UNCLAIMED_CELLS (each holds its result, up to maxValueChars), the
 * oldest forgotten past it; a waited-for cell is not counted. The programs are stand-ins that end
 * when the test opens their gate (no timer decides the order): what is under test is the
 * bookkeeping, not the engine.
 */
import { describe, expect, it } from "vitest";
import { BackgroundCells, MAX_UNCLAIMED_CELLS } from "../../src/host/background-cells.js";
import { startCell, type CellStart } from "../../src/host/cell-start.js";
import type { EvalResult } from "../../src/types.js";

const finished = (value: number): EvalResult => ({ status: "ok", text: `<result>${value}</result>`, value, stdout: "", toolCalls: 0, durationMs: 5 });

/** A gate the test opens: the stand-in runs behind it end then, and not before. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
/** A stand-in run: names itself at once (as an eval does), ends when `opened` settles. */
const endsWhen =
  (opened: Promise<void>, value: number): CellStart =>
  (_signal, notes) => {
    notes.started?.(`eval_stand_in_${value}`);
    return opened.then(() => finished(value));
  };
/** Lets every settled stand-in's callbacks run (they are promise callbacks: a timer runs after them all). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("background cells at their limit", () => {
  it(`keeps the newest ${MAX_UNCLAIMED_CELLS} finished cells nobody waited for; older ones are UNKNOWN_CELL, and the rest still answer`, async () => {
    const cells = new BackgroundCells();
    const extra = 20;
    const ids: string[] = [];
    const batch = gate();
    for (let i = 0; i < MAX_UNCLAIMED_CELLS + extra; i++) {
      const running = await cells.run("t", 1, startCell(undefined, endsWhen(batch.opened, i)));
      expect(running.status).toBe("running");
      ids.push(running.cellId!);
    }
    batch.open();
    await settle();
    for (const id of ids.slice(0, extra)) await expect(cells.wait(id)).rejects.toMatchObject({ name: "QuickboxError", code: "UNKNOWN_CELL", message: expect.stringContaining(`newest ${MAX_UNCLAIMED_CELLS}`) });
    const kept = await Promise.all(ids.slice(extra).map((id) => cells.wait(id)));
    expect(kept.map((result) => result.value)).toEqual(Array.from({ length: MAX_UNCLAIMED_CELLS }, (_, i) => i + extra));
  });

  it("a cell waited for is not forgotten, however many others finish unclaimed meanwhile", async () => {
    const cells = new BackgroundCells();
    const first = gate();
    const watched = await cells.run("t", 1, startCell(undefined, endsWhen(first.opened, -1)));
    expect(watched.status).toBe("running");
    const answer = cells.wait(watched.cellId!);
    first.open();
    expect((await answer).value).toBe(-1);
    const others = gate();
    for (let i = 0; i < MAX_UNCLAIMED_CELLS + 10; i++) await cells.run("t", 1, startCell(undefined, endsWhen(others.opened, i)));
    others.open();
    await settle();
    // Delivered cells are kept (up to 64) so that a repeated wait answers the same.
    expect((await cells.wait(watched.cellId!)).value).toBe(-1);
  });

  it("running cells are never forgotten", async () => {
    const cells = new BackgroundCells();
    const slowGate = gate();
    const slow = await cells.run("t", 1, startCell(undefined, endsWhen(slowGate.opened, -2)));
    const others = gate();
    for (let i = 0; i < MAX_UNCLAIMED_CELLS + 10; i++) await cells.run("t", 1, startCell(undefined, endsWhen(others.opened, i)));
    others.open();
    await settle();
    expect((await cells.wait(slow.cellId!, 10)).status).toBe("running");
    slowGate.open();
    expect((await cells.wait(slow.cellId!)).value).toBe(-2);
  });
});
