import { inspect } from "node-inspect-extracted";
import { stringify } from "devalue";
import { isProxy } from "./proxy-registry.js";

/** What the guest hands back to the host for one settled eval (JSON over the boundary). */
export interface RenderedOutcome {
  status: "ok" | "error";
  body: string;
  droppedChars: number;
  handle: boolean;
  errorType?: string;
  errorMessage?: string;
  errorStack?: string;
  /** devalue text of the result (ok only), absent when it could not be copied within the limit. */
  value?: string;
  valueNote?: string;
}

const INSPECT_CUSTOM = Symbol.for("nodejs.util.inspect.custom");
const PRELUDE_FRAME = /\(quickbox-prelude[^)]*\)|^\s*at quickbox-prelude/;
/** Like V8's default Error.stackTraceLimit: a runaway recursion is not 4000 characters of frames. */
const MAX_STACK_FRAMES = 10;

function cut(text: string, limitChars: number): { body: string; droppedChars: number } {
  if (text.length <= limitChars) return { body: text, droppedChars: 0 };
  let end = limitChars;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1; // never split a surrogate pair
  return { body: text.slice(0, end), droppedChars: text.length - end };
}

/** QuickJS keeps only the frames in `stack`; strip our own frames and the trailing newline. */
export function userStack(error: Error): string {
  let stack: unknown;
  try {
    stack = error.stack;
  } catch {
    return "";
  }
  if (typeof stack !== "string") return "";
  return stack
    .split("\n")
    .filter((line) => line.trim() !== "" && !PRELUDE_FRAME.test(line))
    .slice(0, MAX_STACK_FRAMES)
    .join("\n");
}

/** Render nested errors the way Node does (`Name: message` then frames) instead of `[    at …]`. */
function inspectErrorLikeNode(this: Error, _depth: number, _options: unknown): string {
  let head: string;
  try {
    head = `${this.name}: ${this.message}`;
  } catch {
    head = "Error";
  }
  const stack = userStack(this);
  return stack ? `${head}\n${stack}` : `[${head}]`;
}

function inspectValue(value: unknown): string {
  const errorProto = Error.prototype as unknown as Record<symbol, unknown>;
  const hadCustom = Object.prototype.hasOwnProperty.call(errorProto, INSPECT_CUSTOM);
  if (!hadCustom) {
    Object.defineProperty(errorProto, INSPECT_CUSTOM, { value: inspectErrorLikeNode, configurable: true, writable: true });
  }
  try {
    return inspect(value);
  } finally {
    if (!hadCustom) delete errorProto[INSPECT_CUSTOM];
  }
}

function describeHandle(value: unknown): string {
  const text = inspectValue(value);
  if (typeof value === "function") return `${text} arity=${value.length}`;
  return text;
}

/** Values that cannot be copied to the host: the model sees them as handles. */
function isHandleValue(value: unknown): boolean {
  if (typeof value === "function" || typeof value === "symbol") return true;
  if (typeof value !== "object" || value === null) return false;
  return (
    isProxy(value) ||
    value instanceof WeakMap ||
    value instanceof WeakSet ||
    value instanceof WeakRef ||
    value instanceof FinalizationRegistry ||
    value instanceof Promise
  );
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A structured-clone-like copy: class instances become plain objects, handles become markers. */
function copyValue(value: unknown, limitChars: number): { value?: string; valueNote?: string } {
  try {
    const text = stringify(value, {
      Handle: (candidate: unknown) => (isHandleValue(candidate) ? describeHandle(candidate) : undefined),
      Err: (candidate: unknown) =>
        candidate instanceof Error
          ? { name: String(candidate.name), message: String(candidate.message), stack: userStack(candidate) }
          : undefined,
      Obj: (candidate: unknown) => {
        if (typeof candidate !== "object" || candidate === null || Array.isArray(candidate)) return undefined;
        if (ArrayBuffer.isView(candidate) || candidate instanceof ArrayBuffer) return undefined;
        if (isPlainObject(candidate) && Object.getOwnPropertySymbols(candidate).length === 0) return undefined;
        if (candidate instanceof Map || candidate instanceof Set || candidate instanceof Date || candidate instanceof RegExp)
          return undefined;
        if (candidate instanceof Number || candidate instanceof String || candidate instanceof Boolean) return undefined;
        return Object.fromEntries(Object.entries(candidate));
      },
    });
    if (text.length > limitChars) return { valueNote: `value not copied: larger than ${limitChars} characters` };
    return { value: text };
  } catch (error) {
    return { valueNote: `value not copied: ${error instanceof Error ? error.message : String(error)}` };
  }
}

const ENGINE_ERRORS: Record<string, string> = {
  "out of memory": "OutOfMemory",
  "stack overflow": "StackOverflow",
  interrupted: "Timeout",
};

export function renderSuccess(value: unknown, limitChars: number, valueLimitChars: number): RenderedOutcome {
  if (typeof value === "string") {
    return { status: "ok", ...cut(value, limitChars), handle: false, ...copyValue(value, valueLimitChars) };
  }
  if (isHandleValue(value)) {
    const text = describeHandle(value);
    return { status: "ok", ...cut(text, limitChars), handle: true, value: stringify({ $handle: text }) };
  }
  return { status: "ok", ...cut(inspectValue(value), limitChars), handle: false, ...copyValue(value, valueLimitChars) };
}

export function renderError(thrown: unknown, limitChars: number): RenderedOutcome {
  if (thrown instanceof Error) {
    let name = "Error";
    let message = "";
    try {
      name = String(thrown.name);
      message = String(thrown.message);
    } catch {
      // hostile getters: keep the defaults
    }
    if (name === "InternalError" && ENGINE_ERRORS[message]) name = ENGINE_ERRORS[message]!;
    const stack = userStack(thrown);
    const text = stack ? `${message}\n${stack}` : message;
    return { status: "error", ...cut(text, limitChars), handle: false, errorType: name, errorMessage: message, errorStack: stack };
  }
  const message = thrown === null ? "null" : inspectValue(thrown);
  return { status: "error", ...cut(message, limitChars), handle: false, errorType: "Error", errorMessage: message };
}
