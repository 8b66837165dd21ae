/**
 * The guest's `tools` object and `task()` function, rebuilt whenever the host configures the
 * thread (the tool set belongs to the interpreter, not to the base image).
 */
import type { SubagentManifest, ToolManifestEntry } from "../engine-contract.js";
import type { HostCalls } from "./host-calls.js";
import { MAX_RESPONSE_SCHEMA_BYTES, taskRequestProblem } from "./task-request.js";
import { jsonParse, jsonStringify, NativeProxy, objectCreate, objectFreeze, objectPrototype, reflectGet } from "./intrinsics.js";

/** A tool only the host may call (allowedCallers without "program"). */
type DirectOnlyTool = Pick<ToolManifestEntry, "name" | "key">;

export interface ToolDescription {
  name: string;
  description: string;
  signature: string;
}


function describe(entry: ToolManifestEntry): ToolDescription {
  return { name: entry.key, description: entry.description, signature: entry.signature };
}

/** Names looked up by the language and by common protocols: never reported as unknown tools. */
const PROTOCOL_KEYS = new Set(["then", "catch", "finally", "toJSON"]);
const LISTED_TOOLS = 20;

/** Letters and digits only, lower case: `web_search`, `WebSearch` and `webSearch` compare equal. */
function looseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Edit distance between two short names, or `limit + 1` once it is known to exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    if (Math.min(...current) > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** The tool a mistyped name most likely meant: same letters (`web_search`), or at most 2 edits away. */
function likelyTool(name: string, manifest: ToolManifestEntry[]): ToolManifestEntry | undefined {
  const loose = looseName(name);
  const exact = manifest.find((entry) => entry.name === name || looseName(entry.key) === loose);
  if (exact || loose.length < 4) return exact;
  let best: { entry: ToolManifestEntry; distance: number } | undefined;
  for (const entry of manifest) {
    const distance = editDistance(loose, looseName(entry.key), 2);
    if (distance <= 2 && (!best || distance < best.distance)) best = { entry, distance };
  }
  return best?.entry;
}

/** The TypeError a program gets for calling a name that is not one of its tools (or one only the host may call). */
function unknownToolError(name: string, manifest: ToolManifestEntry[], directOnly: DirectOnlyTool[]): TypeError {
  const keys = manifest.map((entry) => entry.key);
  const listed = keys.length > LISTED_TOOLS ? `${keys.slice(0, LISTED_TOOLS).join(", ")} and ${keys.length - LISTED_TOOLS} more` : keys.join(", ");
  const available = keys.length ? `available: ${listed}; tools.$search(query) finds tools by words` : "this interpreter has no tools";
  const hostOnly = directOnly.find((entry) => entry.key === name || entry.name === name);
  if (hostOnly) return new TypeError(`tools.${name} is not available to programs (the host allows only direct calls of ${hostOnly.name}); ${available}`);
  // The agent's tool list shows subagents as a tool named "task"; in a program they are the task() global.
  if (name === "task") return new TypeError(`tools.task is not a tool: call subagents with the global task({ description, subagentType }), e.g. await task({ description: "…", subagentType: "general-purpose" }); ${available}`);
  const match = likelyTool(name, manifest);
  const hint = match ? ` (did you mean tools.${match.key}?)` : "";
  return new TypeError(`tools.${name} is not a tool${hint}; ${available}`);
}

/**
 * The prototype of `tools`. A tool's own name (`tools.exec_command`, `tools["lookup-user"]`) reads
 * as the tool under its camelCase key. Any other name that is not a tool (nor an Object.prototype
 * member, nor a protocol name such as `then`) reads as a function that throws a TypeError naming
 * the tools, instead of QuickJS's bare "not a function". `"name" in tools` and Object.keys are
 * unchanged: only the keys are own properties.
 */
function missingToolFallback(manifest: ToolManifestEntry[], byOriginalName: Map<string, string>, directOnly: DirectOnlyTool[]): object {
  // The target inherits from Object.prototype, so `tools instanceof Object` and rendering stay as
  // for a plain object (the proxy stands between them, it does not replace Object.prototype).
  // Frozen: a program cannot plant names in it (writes through the proxy reach the target).
  return new NativeProxy(objectFreeze(objectCreate(objectPrototype) as object), {
    get(target, key, receiver) {
      if (typeof key !== "string" || PROTOCOL_KEYS.has(key) || key in target) return reflectGet(target, key, receiver);
      const camelKey = byOriginalName.get(key);
      if (camelKey !== undefined) return reflectGet(receiver as object, camelKey);
      return {
        [key](): never {
          throw unknownToolError(key, manifest, directOnly);
        },
      }[key];
    },
  });
}

/** Tools take one input object; `tools.writeFile("/a", data)` would silently lose `data`. */
function extraArgumentsError(entry: ToolManifestEntry, count: number): TypeError {
  const signature = entry.signature
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s+/g, " ")
    .trim();
  const shown = signature.length > 200 ? `${signature.slice(0, 200)}…` : signature;
  return new TypeError(`tools.${entry.key} takes one input object, not ${count} arguments: ${shown}`);
}

export function buildToolsObject(manifest: ToolManifestEntry[], calls: HostCalls, directOnly: DirectOnlyTool[] = []): Record<string, unknown> {
  const byOriginalName = new Map<string, string>();
  for (const entry of manifest) if (entry.name !== entry.key) byOriginalName.set(entry.name, entry.key);
  const tools = objectCreate(missingToolFallback(manifest, byOriginalName, directOnly)) as Record<string, unknown>;
  for (const entry of manifest) {
    const toolName = entry.name;
    tools[entry.key] = {
      [entry.key](input?: unknown) {
        // eslint-disable-next-line prefer-rest-params -- the function keeps its length of 1
        if (arguments.length > 1) return Promise.reject(extraArgumentsError(entry, arguments.length));
        return calls.request("tool", toolName, input);
      },
    }[entry.key];
  }
  const byKeyOrName = (name: unknown) => manifest.find((entry) => entry.key === name || entry.name === name);
  Object.defineProperty(tools, "$search", {
    value: function $search(query?: unknown): ToolDescription[] {
      const words = String(query ?? "")
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean);
      return manifest
        .filter((entry) => {
          const haystack = `${entry.key} ${entry.name} ${entry.description}`.toLowerCase();
          return words.every((word) => haystack.includes(word));
        })
        .map(describe);
    },
  });
  Object.defineProperty(tools, "$describe", {
    value: function $describe(name: unknown): ToolDescription {
      const entry = byKeyOrName(name);
      if (!entry) {
        throw new TypeError(`tools.$describe: no tool named ${JSON.stringify(name)}; available: ${manifest.map((e) => e.key).join(", ") || "none"}`);
      }
      return describe(entry);
    },
  });
  return Object.freeze(tools);
}

export function buildTaskFunction(subagents: SubagentManifest, calls: HostCalls): (input: unknown) => Promise<unknown> {
  const typeNames = subagents.types.map((type) => type.name);
  return function task(input: unknown): Promise<unknown> {
    try {
      if (typeof input !== "object" || input === null || Array.isArray(input)) {
        throw new TypeError("task() takes one object: { description, subagentType, label?, responseSchema? }");
      }
      // Read every field exactly once: getters and proxies must not show validation one input and
      // the host another. What is validated is what is sent.
      const fields: Record<string, unknown> = {};
      for (const key of Object.keys(input)) fields[key] = (input as Record<string, unknown>)[key];
      if (typeof fields.responseSchema === "object" && fields.responseSchema !== null) {
        const text = jsonStringify(fields.responseSchema);
        // The parsed copy is both checked and sent.
        if (typeof text === "string" && text.length <= MAX_RESPONSE_SCHEMA_BYTES) fields.responseSchema = jsonParse(text);
      }
      const problem = taskRequestProblem(fields, typeNames, jsonStringify);
      if (problem) throw new TypeError(`task(): ${problem}`);
      return calls.request("task", fields.subagentType as string, fields);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}
