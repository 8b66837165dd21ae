/**
 * The guest prelude: evaluated once per process into the base image, before any user code.
 * It installs the guest's globals (console, timers, seeded Math.random, the Proxy registry) and
 * returns the internal API the host drives. That API object is reachable only through a value
 * pointer the host keeps; guest code cannot see or reach it.
 */
import { createConsole } from "./console.js";
import { OutputBuffer } from "./output-buffer.js";
import { EvalSession } from "./eval-session.js";
import type { CopiedValue } from "./result-copy.js";
import { installProxyRegistry } from "./proxy-registry.js";
import { createRandomSource } from "./random.js";
import { createTimerQueue } from "./timers.js";
import { jsonParse, objectDefineProperty, objectFreeze, objectGetOwnPropertyDescriptor } from "./intrinsics.js";
import { encodeReport } from "./report-json.js";
import type { CallResult, GuestConfiguration, GuestOutputLimits } from "../engine-contract.js";
import { createHostCalls } from "./host-calls.js";
import { buildTaskFunction, buildToolsObject } from "./tools-global.js";
import { installCellGlobals } from "./cell-globals.js";
import { guardGlobalDefines } from "./global-define-guard.js";
import { installWebGlobals } from "./web-globals.js";
import { installErrorObservers } from "./error-observers.js";
import { releaseDeadZones } from "./temporal-dead-zone.js";
import { GuestStream, progressFunction } from "./stream.js";
import { activity } from "./activity.js";

const global = globalThis as unknown as Record<string, unknown>;
let limits: GuestOutputLimits = { maxResultChars: 4000, maxValueChars: 1048576 };
let session: EvalSession;

const timers = createTimerQueue(
  () => Date.now(),
  (error) => session.fail(error),
);
const randomSource = createRandomSource();
const hostCalls = createHostCalls();
const stream = new GuestStream(() => hostCalls.queuedCount);

function defineGlobal(name: string, value: unknown): void {
  Object.defineProperty(global, name, { value, writable: true, configurable: true, enumerable: false });
}

const defineGuards = guardGlobalDefines(global);
installProxyRegistry(global, defineGuards.reflectDefineProperty);
installCellGlobals(global);
const guestConsole = createConsole(new OutputBuffer(0));
defineGlobal("console", guestConsole.console);
const timerFunctions: Record<string, unknown> = {};
timers.install(timerFunctions);
for (const [name, fn] of Object.entries(timerFunctions)) defineGlobal(name, fn);
defineGlobal("queueMicrotask", function queueMicrotask(callback: unknown) {
  if (typeof callback !== "function") throw new TypeError('The "callback" argument must be of type function');
  Promise.resolve().then(() => (callback as () => unknown)());
});
Object.defineProperty(Math, "random", { value: randomSource.random, writable: true, configurable: true });
installWebGlobals(global, randomSource);
installErrorObservers(global);
defineGlobal("progress", progressFunction(stream));

/**
 * There is always a session: the one the next eval prints into. Finishing an eval cancels its
 * timers and opens the next session, so the host needs no call before evaluating a cell.
 */
function closeSession(): void {
  releaseDeadZones(global);
  timers.cancelAll();
  hostCalls.abandonAll();
  stream.reset();
  activity[0] = 0;
  session = new EvalSession(limits, timers, hostCalls, stream);
  guestConsole.attach(session.output);
}

/** `tools` cannot be assigned by the program (it may still shadow it locally). */
function defineFixedGlobal(name: string, value: unknown): void {
  objectDefineProperty(global, name, { __proto__: null, value, writable: false, configurable: true, enumerable: false } as PropertyDescriptor);
}

/**
 * `task` exists from the first configuration with subagents on, and then for good: non-writable
 * and non-configurable, so a program can neither replace nor delete it. It calls the task
 * function of the current configuration (one without subagents makes it throw).
 */
let currentTask: ((input: unknown) => Promise<unknown>) | null = null;
// A method keeps its name `task` through the prelude's minification.
const stableTask = objectFreeze(
  {
    task(input: unknown): Promise<unknown> {
      if (!currentTask) return Promise.reject(new TypeError("task() is not available: this interpreter has no subagents"));
      return currentTask(input);
    },
  }.task,
);
function installTask(): void {
  const existing = objectGetOwnPropertyDescriptor(global, "task");
  // A program's own non-configurable `task` (a `var` from before subagents were on) stays.
  if (existing && (existing.value === stableTask || !existing.configurable)) return;
  objectDefineProperty(global, "task", { __proto__: null, value: stableTask, writable: false, configurable: false, enumerable: false } as PropertyDescriptor);
}

function configure(configuration: GuestConfiguration): void {
  limits = configuration.limits;
  defineFixedGlobal("tools", buildToolsObject(configuration.tools, hostCalls, configuration.directOnly ?? []));
  currentTask = configuration.subagents.enabled ? buildTaskFunction(configuration.subagents, hostCalls) : null;
  if (currentTask) installTask();
}
configure({ limits, tools: [], subagents: { enabled: false, types: [] } });
closeSession();

export const internal = {
  seed(wordsJson: string): void {
    randomSource.seed(jsonParse(wordsJson) as number[]);
  },
  /** Sets limits, tools and subagents for the evals that follow (called when they change). */
  configure(configurationJson: string): void {
    configure(jsonParse(configurationJson) as GuestConfiguration);
    closeSession();
  },
  /**
   * The same, for a paused eval that resumes under another tool set (a new deploy, another
   * process): `tools` and `task` are rebuilt, but the eval's session stays, with its output and
   * the resolvers of the calls it awaits. Tools are bound by name: pending calls keep theirs.
   */
  reconfigure(configurationJson: string): void {
    configure(jsonParse(configurationJson) as GuestConfiguration);
    session.setLimits(limits);
  },
  /** Results of host calls, in a batch. */
  settle(resultsJson: string): void {
    hostCalls.settle(jsonParse(resultsJson) as CallResult[]);
  },
  track(completion: Promise<{ value: unknown }>): void {
    session.track(completion);
  },
  fail(error: unknown): void {
    session.fail(error);
  },
  /** The fast path at a later poll: settledValue (the value, or an object for "no"), then endSession. */
  settledValue(): unknown {
    return session.settledValue();
  },
  endSession(): void {
    closeSession();
  },
  fireTimer(): void {
    timers.fireNext();
  },
  // Reports are encoded by encodeReport, never JSON.stringify: see report-json.ts.
  /** Closes the session once the result is rendered, unless the host must still copy it. */
  poll(): string {
    const report = session.poll();
    if (report.settled && !report.needsCopy) closeSession();
    return encodeReport(report);
  },
  /**
   * The result's copy, `units` of work at a time (a number, as text): `{ more: true }` until it is
   * done; the session closes with the last step (or when a step fails).
   */
  copyValue(units: string): string {
    let copied: CopiedValue | null = {};
    try {
      copied = session.copyValue(Number(units) || Infinity);
      return encodeReport(copied ?? { more: true });
    } finally {
      if (copied !== null) closeSession();
    }
  },
  /** What the eval printed so far; the session stays open (the eval is paused). */
  takeOutput(): string {
    return encodeReport(session.takeOutput());
  },
  /** Ends an eval the host had to stop (timeout, cancel, deadlock): returns what was printed. */
  close(): string {
    const output = session.takeOutput();
    closeSession();
    return encodeReport(output);
  },
};
