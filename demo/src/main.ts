/** The playground: wires the editor, the session and the panels together. */
import { isQuickboxError, type Decision, type EvalResult, type Interpreter, type ThreadInfo } from "quickbox";
import { byId, h } from "./dom.js";
import { createEditor } from "./editor.js";
import { DEFAULT_EXAMPLE, EXAMPLES } from "./examples.js";
import { askModel, type TranscriptEntry } from "./model-driver.js";
import { ApprovalsPanel } from "./panels/approvals-panel.js";
import { CallsPanel } from "./panels/calls-panel.js";
import { ProgressPanel } from "./panels/progress-panel.js";
import { ResultPanel } from "./panels/result-panel.js";
import { SnapshotsPanel } from "./panels/snapshots-panel.js";
import { BUILTINS_PROGRAM, ThreadsPanel, variablesProgram, type VariableInfo } from "./panels/threads-panel.js";
import { DEFAULT_LIMITS, PlaygroundSession, type PlaygroundLimits } from "./playground-session.js";
import { INTERRUPT_ON, sampleTools } from "./sample-tools.js";

const STORAGE = { thread: "quickbox-playground:thread", code: "quickbox-playground:code", limits: "quickbox-playground:limits" };
const SCRATCH_THREAD = "__playground_builtins";

function savedLimits(): PlaygroundLimits {
  try {
    return { ...DEFAULT_LIMITS, ...(JSON.parse(localStorage.getItem(STORAGE.limits) ?? "{}") as Partial<PlaygroundLimits>) };
  } catch {
    return DEFAULT_LIMITS;
  }
}

const result = new ResultPanel();
const calls = new CallsPanel();
const progress = new ProgressPanel();
let snapshotRefresh: ReturnType<typeof setTimeout> | undefined;
const session = new PlaygroundSession(
  {
    onEvent(event) {
      if (event.type === "tool-call" || event.type === "task") calls.onEvent(event);
      if (event.type === "progress") progress.onEvent(event);
      if (event.type === "snapshot") {
        clearTimeout(snapshotRefresh);
        snapshotRefresh = setTimeout(() => void snapshots.refresh(), 100);
      }
    },
    onResult: (callId, outcome) => calls.onResult(callId, outcome),
  },
  savedLimits(),
);
const snapshots = new SnapshotsPanel(session.store);
let currentThread = localStorage.getItem(STORAGE.thread) ?? "default";
let builtins: string[] | null = null;
let running: AbortController | null = null;

const runButton = byId<HTMLButtonElement>("run");
const stopButton = byId<HTMLButtonElement>("stop");
const editor = createEditor(byId("editor"), localStorage.getItem(STORAGE.code) ?? DEFAULT_EXAMPLE.code, () => void run());

const approvals = new ApprovalsPanel((threadId, interruptId, decision) => void decide(threadId, interruptId, decision));
const threads = new ThreadsPanel({
  select: (threadId) => void switchTo(threadId),
  create: (threadId) => void switchTo(threadId),
  reset: (threadId) => void act(async (qb) => qb.reset(threadId), `thread "${threadId}" was reset`),
  fork: (from, to) =>
    void act(async (qb) => {
      await qb.fork(from, to);
      setCurrentThread(to);
    }, `thread "${from}" was forked into "${to}"`),
});

function setCurrentThread(threadId: string): void {
  currentThread = threadId;
  localStorage.setItem(STORAGE.thread, threadId);
}

function describeFailure(error: unknown): string {
  if (isQuickboxError(error) && error.code === "THREAD_PAUSED") {
    return `thread "${currentThread}" is paused, waiting for a decision: decide it under Approvals, or use "New thread" or "Reset current" to run something else`;
  }
  if (isQuickboxError(error)) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

async function switchTo(threadId: string): Promise<void> {
  setCurrentThread(threadId);
  await refresh();
}

/** Runs a host action (reset, fork) and refreshes the panels. */
async function act(action: (qb: Interpreter) => Promise<void>, done: string): Promise<void> {
  try {
    await action(await session.interpreter());
    byId("status").textContent = done;
  } catch (error) {
    result.failed(describeFailure(error));
  }
  await refresh();
}

/** Runs an eval or a resume with the run controls wired up, then refreshes the panels. */
async function execute(threadId: string, start: (qb: Interpreter, signal: AbortSignal) => Promise<EvalResult>): Promise<void> {
  if (running) return;
  running = new AbortController();
  runButton.disabled = true;
  stopButton.disabled = false;
  calls.clear();
  progress.clear();
  result.running(threadId);
  try {
    result.show(threadId, await start(await session.interpreter(), running.signal));
  } catch (error) {
    result.failed(describeFailure(error));
  } finally {
    running = null;
    runButton.disabled = false;
    stopButton.disabled = true;
  }
  await refresh();
}

async function run(): Promise<void> {
  const code = editor.code;
  localStorage.setItem(STORAGE.code, code);
  await execute(currentThread, (qb, signal) => qb.eval(code, { threadId: currentThread, signal }));
}

async function decide(threadId: string, interruptId: string, decision: Decision): Promise<void> {
  setCurrentThread(threadId);
  await execute(threadId, (qb, signal) => qb.resume(threadId, { [interruptId]: decision }, { signal }));
  result.focusStatus();
}

async function listVariables(qb: Interpreter, threadId: string, info: ThreadInfo | undefined): Promise<VariableInfo[] | string> {
  if (!info) return "A new thread: run a program to create it.";
  const pausedNote = "The thread is paused: its variables are listed again once it resumes.";
  if (info.state === "paused") return pausedNote;
  builtins ??= await (async () => {
    const names = await qb.eval(BUILTINS_PROGRAM, { threadId: SCRATCH_THREAD });
    await qb.reset(SCRATCH_THREAD);
    for (const record of await session.store.list("snap:")) if (record.threadId === SCRATCH_THREAD) await session.store.delete(record.key);
    return Array.isArray(names.value) ? (names.value as string[]) : [];
  })();
  let listed: EvalResult;
  try {
    listed = await qb.eval(variablesProgram(builtins), { threadId });
  } catch (error) {
    // It paused after the thread list was read (a decision made meanwhile).
    if (isQuickboxError(error) && error.code === "THREAD_PAUSED") return pausedNote;
    throw error;
  }
  return listed.status === "ok" && Array.isArray(listed.value) ? (listed.value as VariableInfo[]) : `Could not list variables: ${listed.text}`;
}

/** Threads, approvals, variables and snapshots, from the interpreter and the store. */
async function refreshOnce(): Promise<void> {
  // The thread shown is fixed for the whole refresh: a click may switch threads meanwhile.
  const shownThread = currentThread;
  try {
    const qb = await session.interpreter();
    const known = (await qb.threads()).filter((info) => !info.threadId.startsWith("__"));
    threads.render(shownThread, known);
    approvals.render(known);
    if (!running) threads.showVariables(await listVariables(qb, shownThread, known.find((info) => info.threadId === shownThread)));
    await snapshots.refresh();
  } catch (error) {
    threads.showVariables(`Could not read the threads: ${describeFailure(error)}`);
  }
}

let refreshRunning: Promise<void> | null = null;
let refreshQueued: Promise<void> | null = null;
/**
 * One refresh at a time. A call made while one runs gets a new refresh after it (shared by
 * every call made meanwhile), never the running one: that one may have read the threads
 * before the change the caller wants to see.
 */
function refresh(): Promise<void> {
  const start = (): Promise<void> => (refreshRunning = refreshOnce().finally(() => (refreshRunning = null)));
  if (refreshQueued) return refreshQueued;
  if (!refreshRunning) return start();
  refreshQueued = refreshRunning.then(() => {
    refreshQueued = null;
    return start();
  });
  return refreshQueued;
}

function setUpExamples(): void {
  const select = byId<HTMLSelectElement>("example");
  select.append(h("option", { value: "" }, "Choose an example…"), ...EXAMPLES.map((example) => h("option", { value: example.id }, example.title)));
  select.addEventListener("change", () => {
    const example = EXAMPLES.find((candidate) => candidate.id === select.value);
    if (example) editor.code = example.code;
    select.value = "";
    editor.focus();
  });
}

function setUpTools(): void {
  const approval = new Set(Object.keys(INTERRUPT_ON ?? {}));
  byId("tool-list").replaceChildren(
    ...sampleTools(() => {}).map((tool) =>
      h(
        "li",
        {},
        h("code", {}, `tools.${tool.name.replace(/[-_]+([a-z0-9])/gi, (_, next: string) => next.toUpperCase())}`),
        approval.has(tool.name) ? h("span", { class: "badge badge-paused" }, "approval") : null,
        " — ",
        tool.description ?? "",
      ),
    ),
    h("li", {}, h("code", {}, "task({ description, subagentType })"), " — simulated subagents: researcher, critic"),
  );
}

function setUpLimits(): void {
  const form = byId<HTMLFormElement>("limits");
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const show = (limits: PlaygroundLimits) => {
    field("timeoutMs").value = String(limits.timeoutMs);
    field("memoryMiB").value = String(limits.memoryLimitBytes / 2 ** 20);
    field("maxToolCalls").value = String(limits.maxToolCalls);
  };
  show(session.limits);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const limits: PlaygroundLimits = {
      timeoutMs: Number(field("timeoutMs").value),
      memoryLimitBytes: Number(field("memoryMiB").value) * 2 ** 20,
      maxToolCalls: Number(field("maxToolCalls").value),
    };
    void act(async () => {
      await session.setLimits(limits);
      localStorage.setItem(STORAGE.limits, JSON.stringify(limits));
      await showSystemPrompt();
    }, `limits applied: ${limits.timeoutMs} ms, ${limits.memoryLimitBytes / 2 ** 20} MiB, ${limits.maxToolCalls} tool calls`);
  });
}

async function showSystemPrompt(): Promise<void> {
  byId("system-prompt").textContent = (await session.interpreter()).systemPrompt();
}

function setUpModel(): void {
  const form = byId<HTMLFormElement>("model-form");
  const transcript = byId<HTMLOListElement>("transcript");
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement).value;
  const append = (entry: TranscriptEntry) =>
    transcript.append(
      entry.role === "program"
        ? h("li", { "data-role": "program" }, h("strong", {}, "program"), h("pre", {}, entry.code), h("pre", {}, entry.result))
        : h("li", { "data-role": entry.role }, h("strong", {}, entry.role), " ", entry.text),
    );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const button = form.querySelector("button")!;
    button.disabled = true;
    void (async () => {
      try {
        const qb = await session.interpreter();
        await askModel(
          { baseUrl: value("baseUrl"), apiKey: value("apiKey"), model: value("model") },
          value("question"),
          {
            systemPrompt: qb.systemPrompt(),
            evalCode: async (code) => {
              calls.clear();
              progress.clear();
              const evaluated = await qb.eval(code, { threadId: currentThread });
              result.show(currentThread, evaluated);
              return evaluated;
            },
            onEntry: append,
            signal: AbortSignal.timeout(120_000),
          },
        );
      } catch (error) {
        append({ role: "assistant", text: `(error: ${describeFailure(error)})` });
      } finally {
        button.disabled = false;
        await refresh();
      }
    })();
  });
}

runButton.addEventListener("click", () => void run());
stopButton.addEventListener("click", () => running?.abort());
setUpExamples();
setUpTools();
setUpLimits();
setUpModel();
void showSystemPrompt();
void refresh();
