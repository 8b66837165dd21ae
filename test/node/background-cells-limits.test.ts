/**
 * BackgroundCells (src/host/background-cells.ts) on its own, at its limit: finished cells nobody
 * waits for are kept up to MAX_UNCLAIMED_CELLS (each holds its result, up to maxValueChars), the
 * oldest forgotten past it; a waited-for cell is not counted. The programs are stand-ins that end
 * after a real timer: what is under test is the bookkeeping, not the engine.
 */
import { describe, expect, it } from "vitest";
import { BackgroundCells, MAX_UNCLAIMED_CELLS } from "../../src/host/background-cells.js";
import { startCell, type CellStart } from "../../src/host/cell-start.js";
import type { EvalResult } from "../../src/types.js";

const finished = (value: number): EvalResult => ({ status: "ok", text: `<result>${value}</result>`, value, stdout: "", toolCalls: 0, durationMs: 5 });
/** A stand-in run: names itself at once (as an eval does), ends after `ms`. */
const endsAfter =
  (ms: number, value: number): CellStart =>
  (_signal, notes) => {
    notes.started?.(`eval_stand_in_${value}`);
    return new Promise<EvalResult>((resolve) => setTimeout(() => resolve(finished(value)), ms));
  };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("background cells at their limit", () => {
  it(`keeps the newest ${MAX_UNCLAIMED_CELLS} finished cells nobody waited for; older ones are UNKNOWN_CELL, and the rest still answer`, async () => {
    const cells = new BackgroundCells();
    const extra = 20;
    const ids: string[] = [];
    for (let i = 0; i < MAX_UNCLAIMED_CELLS + extra; i++) {
      const running = await cells.run("t", 1, startCell(undefined, endsAfter(20, i)));
      expect(running.status).toBe("running");
      ids.push(running.cellId!);
    }
    await sleep(100);
    for (const id of ids.slice(0, extra)) await expect(cells.wait(id)).rejects.toMatchObject({ name: "QuickboxError", code: "UNKNOWN_CELL", message: expect.stringContaining(`newest ${MAX_UNCLAIMED_CELLS}`) });
    const kept = await Promise.all(ids.slice(extra).map((id) => cells.wait(id)));
    expect(kept.map((result) => result.value)).toEqual(Array.from({ length: MAX_UNCLAIMED_CELLS }, (_, i) => i + extra));
  });

  it("a cell waited for is not forgotten, however many others finish unclaimed meanwhile", async () => {
    const cells = new BackgroundCells();
    const watched = await cells.run("t", 1, startCell(undefined, endsAfter(5, -1)));
    const answer = cells.wait(watched.cellId!);
    expect((await answer).value).toBe(-1);
    for (let i = 0; i < MAX_UNCLAIMED_CELLS + 10; i++) await cells.run("t", 1, startCell(undefined, endsAfter(5, i)));
    await sleep(60);
    // Delivered cells are kept (up to 64) so that a repeated wait answers the same.
    expect((await cells.wait(watched.cellId!)).value).toBe(-1);
  });

  it("running cells are never forgotten", async () => {
    const cells = new BackgroundCells();
    const slow = await cells.run("t", 1, startCell(undefined, endsAfter(1500, -2)));
    for (let i = 0; i < MAX_UNCLAIMED_CELLS + 10; i++) await cells.run("t", 1, startCell(undefined, endsAfter(5, i)));
    await sleep(60);
    expect((await cells.wait(slow.cellId!, 10)).status).toBe("running");
    expect((await cells.wait(slow.cellId!)).value).toBe(-2);
  });
});
