/**
 * Background cells in quickbox/langchain (`yieldAfterMs`): an eval still running after that long
 * answers the model with `<running>` and the cell id, and the program goes on. A second tool,
 * `wait_for_cell({ cell_id, cancel? })`, waits for it (at most `yieldAfterMs` per call, so every
 * model turn stays bounded) or cancels it. A separate tool rather than optional arguments of the
 * eval tool: the eval tool keeps one required argument (`code`), and a model reads "wait for cell
 * X" from the tool's own name and schema.
 *
 * A cell's tools keep running with the context of the call that started it (see
 * AgentInterpreters.run's `keep`); each wait rebinds that context to the waiting call's runtime,
 * and the wait that delivers the end applies the graph-state writes the program's tools made.
 */
import { tool } from "@langchain/core/tools";
import { renderError, renderRunning, type CellCalls } from "../../adapter-support.js";
import { QuickboxError, type EvalResult, type Interpreter } from "../../index.js";
import type { EvalContext } from "./agent-interpreters.js";
import { threadIdOf, type ToolRuntimeLike } from "./tool-runtime.js";

/** Cells whose end was handed to the model, kept so that a repeated wait still answers. */
const MAX_DELIVERED_CELLS = 64;

interface Cell {
  readonly threadId: string;
  readonly interpreter: Interpreter;
  readonly context: EvalContext;
  running: boolean;
  delivered: boolean;
}

/** An eval of a thread whose background cell still runs: the model is told to wait or cancel first. */
export class CellStillRunning extends Error {
  readonly text: string;
  constructor(cellId: string, waitToolName: string) {
    super(`cell ${cellId} is still running`);
    this.text = renderError(
      "CellRunning",
      `cell ${cellId} is still running in this conversation's sandbox; call ${waitToolName} with {"cell_id": "${cellId}"} for its result, or with "cancel": true to stop it, then run more code`,
    );
  }
}

/** Resolves once the cell has ended (its result stays in the interpreter for the model's wait). */
async function ended(interpreter: Interpreter, cellId: string): Promise<void> {
  try {
    while ((await interpreter.wait(cellId, { timeoutMs: 2 ** 31 - 1 })).status === "running");
  } catch {
    // The interpreter was disposed (its cells cancelled): nothing runs any more.
  }
}

export class AgentCells {
  readonly #cells = new Map<string, Cell>();
  readonly yieldAfterMs: number;
  readonly waitToolName: string;
  readonly #evalToolName: string;

  constructor(yieldAfterMs: number, evalToolName: string, waitToolName: string) {
    this.yieldAfterMs = yieldAfterMs;
    this.#evalToolName = evalToolName;
    this.waitToolName = waitToolName;
  }

  /** What the system message says about background cells. */
  prompt(): string {
    return (
      `\n\nBackground cells: a program still running after ${this.yieldAfterMs} ms goes on in the background and ${this.#evalToolName} answers <running> with its cell id. ` +
      `Call ${this.waitToolName} with {"cell_id": "…"} to get its result (each call waits up to ${this.yieldAfterMs} ms, then answers <running> again) or with "cancel": true to stop it; ` +
      `more code in this conversation runs only after the cell has ended.`
    );
  }

  /** The model's text for a still-running result: the `<running>` wire text, naming the wait tool (not the interpreter's wait()). */
  runningText(result: EvalResult, threadId: string): string {
    const waitTool = this.waitToolName;
    const calls: CellCalls = {
      wait: (cellId) => `${waitTool}({"cell_id": ${JSON.stringify(cellId)}})`,
      cancel: (cellId) => `${waitTool}({"cell_id": ${JSON.stringify(cellId)}, "cancel": true})`,
      note: `each ${waitTool} call waits up to ${this.yieldAfterMs} ms`,
    };
    return renderRunning({ cellId: result.cellId!, threadId, elapsedMs: result.durationMs }, calls);
  }

  /** Records a cell that `interpreter` started on `threadId`; `keep` holds its context and interpreter until it ends. */
  started(result: EvalResult, threadId: string, interpreter: Interpreter, context: EvalContext, keep: (settled: Promise<void>) => void): void {
    const cellId = result.cellId!;
    if (this.#cells.has(cellId)) return; // a wait that answered "running" again
    const cell: Cell = { threadId, interpreter, context, running: true, delivered: false };
    this.#cells.set(cellId, cell);
    const settled = ended(interpreter, cellId).then(() => {
      cell.running = false;
    });
    keep(settled);
  }

  /** The thread's cell still running, if any. */
  runningOn(threadId: string): string | undefined {
    for (const [cellId, cell] of this.#cells) if (cell.running && cell.threadId === threadId) return cellId;
    return undefined;
  }

  /** Cancels the thread's running cells (mode "turn": the turn ends, the thread starts fresh). */
  async cancelOn(threadId: string): Promise<void> {
    for (const [cellId, cell] of [...this.#cells]) {
      if (cell.threadId !== threadId) continue;
      this.#cells.delete(cellId);
      if (cell.running) await cell.interpreter.cancel(cellId).catch(() => undefined);
    }
  }

  /** A cell of this conversation (a cell of another thread is unknown here). */
  cell(cellId: string, threadId: string): Cell | undefined {
    const cell = this.#cells.get(cellId);
    return cell?.threadId === threadId ? cell : undefined;
  }

  /** The wait tool's answer was an end: a pause is decided through the interrupt (the cell is done); other ends are kept for repeated waits. */
  delivered(cellId: string, result: EvalResult): void {
    const cell = this.#cells.get(cellId);
    if (!cell || result.status === "running") return;
    if (result.status === "paused") {
      this.#cells.delete(cellId);
      return;
    }
    cell.delivered = true;
    const delivered = [...this.#cells].filter(([, each]) => each.delivered);
    for (const [old] of delivered.slice(0, Math.max(0, delivered.length - MAX_DELIVERED_CELLS))) this.#cells.delete(old);
  }
}

/** Runs one tool call: `start` (unless LangGraph re-runs an interrupted call), its result as the tool's answer. */
export type AnswerToolCall = (
  runtime: ToolRuntimeLike,
  context: EvalContext,
  toolName: string,
  start: (interpreter: Interpreter) => Promise<EvalResult>,
) => Promise<unknown>;

interface WaitInput {
  cell_id?: unknown;
  cancel?: unknown;
}

/** `wait_for_cell({ cell_id, cancel? })`. */
export function waitForCellTool(cells: AgentCells, answer: AnswerToolCall) {
  return tool(
    async (input: WaitInput, runtime: ToolRuntimeLike) => {
      const cellId = input?.cell_id;
      if (typeof cellId !== "string") throw new Error(`${cells.waitToolName} needs { cell_id: string }`);
      if (input.cancel !== undefined && typeof input.cancel !== "boolean") throw new Error(`${cells.waitToolName}: cancel must be true or false`);
      const cell = cells.cell(cellId, threadIdOf(runtime));
      // The first wait that gets the end takes the cell's context (its tools' state writes); its tools run with this call's runtime from now on.
      const context: EvalContext = cell && !cell.delivered ? cell.context : { config: {}, stateUpdates: [] };
      context.config = runtime as Record<string, unknown>;
      if (runtime.writer) context.writer = runtime.writer;
      return answer(runtime, context, cells.waitToolName, async () => {
        if (!cell) throw new QuickboxError("UNKNOWN_CELL", `no background cell ${JSON.stringify(cellId)} in this conversation`);
        const result = input.cancel === true ? await cell.interpreter.cancel(cellId) : await cell.interpreter.wait(cellId, { timeoutMs: cells.yieldAfterMs });
        cells.delivered(cellId, result);
        return result;
      });
    },
    {
      name: cells.waitToolName,
      description:
        "Wait for a background cell (a program the eval tool reported as <running>) and get its result, or stop it with cancel: true. " +
        `Each call waits at most ${cells.yieldAfterMs} ms, then answers <running> again.`,
      schema: {
        type: "object",
        properties: {
          cell_id: { type: "string", description: "The cell id from the <running> answer, e.g. cell_abc123def456." },
          cancel: { type: "boolean", description: "true: stop the program instead of waiting for it." },
        },
        required: ["cell_id"],
        additionalProperties: false,
      },
    },
  );
}
