/**
 * The guest prelude: evaluated once per process into the base image, before any user code.
 * It installs the guest's globals (console, timers, seeded Math.random, the Proxy registry) and
 * returns the internal API the host drives. That API object is reachable only through a value
 * pointer the host keeps; guest code cannot see or reach it.
 */
import { createConsole } from "./console.js";
import { EvalSession, type EvalLimits } from "./eval-session.js";
import { installProxyRegistry } from "./proxy-registry.js";
import { createRandomSource } from "./random.js";
import { createTimerQueue } from "./timers.js";
import { jsonParse, jsonStringify } from "./intrinsics.js";

const global = globalThis as unknown as Record<string, unknown>;
let session: EvalSession | null = null;

const timers = createTimerQueue(
  () => Date.now(),
  (error) => session?.fail(error),
);
const randomSource = createRandomSource();

function defineGlobal(name: string, value: unknown): void {
  Object.defineProperty(global, name, { value, writable: true, configurable: true, enumerable: false });
}

installProxyRegistry(global);
defineGlobal("console", createConsole((text) => session?.output.append(text)));
const timerFunctions: Record<string, unknown> = {};
timers.install(timerFunctions);
for (const [name, fn] of Object.entries(timerFunctions)) defineGlobal(name, fn);
defineGlobal("queueMicrotask", function queueMicrotask(callback: unknown) {
  if (typeof callback !== "function") throw new TypeError('The "callback" argument must be of type function');
  Promise.resolve().then(() => (callback as () => unknown)());
});
Object.defineProperty(Math, "random", { value: randomSource.random, writable: true, configurable: true });

function requireSession(): EvalSession {
  if (!session) throw new Error("quickbox: no eval in progress");
  return session;
}

export const internal = {
  seed(wordsJson: string): void {
    randomSource.seed(jsonParse(wordsJson) as number[]);
  },
  /** Called before the cell is evaluated: its synchronous part already prints. */
  open(limitsJson: string): void {
    session = new EvalSession(jsonParse(limitsJson) as EvalLimits, timers);
  },
  track(completion: Promise<{ value: unknown }>): void {
    requireSession().track(completion);
  },
  fail(error: unknown): void {
    requireSession().fail(error);
  },
  poll(): string {
    return jsonStringify(requireSession().poll());
  },
  fireTimer(): void {
    timers.fireNext();
  },
  finish(): string {
    return jsonStringify(requireSession().finish());
  },
  copyValue(): string {
    return jsonStringify(requireSession().copyValue());
  },
  /** Ends the eval (also one the host had to stop): returns what was printed, if not taken yet. */
  close(): string {
    timers.cancelAll();
    const output = session ? session.output.take() : { text: "", droppedChars: 0 };
    session = null;
    return jsonStringify(output);
  },
};
