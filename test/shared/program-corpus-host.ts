/**
 * The program corpus's host side (test/programs/, run by test/node/program-corpus.test.ts): the stub
 * tools and subagent, defined once, and the reference runner that executes a program in plain Node
 * the way a code-mode host would.
 *
 * Stubs are plain async functions with deterministic results. State a program can change (files it
 * writes, messages it sends, how often it polled or retried) lives in a RunState, one per run: per
 * quickbox thread, and one for each Node run.
 *
 * The Node reference runner (runInNode) — the "code-mode host" every program is compared against:
 *  1. TypeScript programs (.ts) are stripped with sucrase (transforms: ["typescript"]).
 *  2. The program's shape decides how it is wrapped, as the host of its convention would:
 *     - one parameterless function expression (`async () => {…}`, `() => {…}`, `async function () {…}`,
 *       parenthesised or not, with or without a trailing `;`): parenthesised and called,
 *       `return await (<program>)();` (Cloudflare Code Mode's convention);
 *     - a `return` outside any function (top-level return: Anthropic / TanStack / Vercel programs): the
 *       program is the body of an async function, unchanged;
 *     - otherwise (REPL style: LangChain's interpreters, Codex cells): the body of an async function
 *       whose last statement, if it is an expression statement, becomes `return (<expression>);` —
 *       the value of the last expression is the result (a final Promise is awaited).
 *  3. The body runs as `new AsyncFunction(...GLOBALS, body)` with these globals passed in:
 *     - `tools`: every tool under its camelCase key AND its original name (`tools.exec_command`,
 *       `tools["lookup-user"]`, `tools.execCommand`), calling the same stubs. Input and result are
 *       structured-cloned (as across quickbox's boundary); a tool's throw reaches the program as an
 *       Error named "ToolError" with the tool's message; a call with more than one argument rejects
 *       with a TypeError (tools take one input object).
 *     - `task(request)`: calls the same dispatch; with a responseSchema a string reply is parsed as JSON.
 *     - `console`: log/info/debug lines formatted by util.format (what Node's console prints), warn
 *       and error lines prefixed "[warn] " / "[error] " (the capture convention quickbox documents).
 *     - a virtual clock, as quickbox's default `clock: "virtual"`: `Date.now()` and `new Date()` start at
 *       0 (1970-01-01T00:00:00.000Z), `setTimeout`/`setInterval` fire in virtual time (in due order, one
 *       timer per macrotask) and time does not advance while a tool call or task is in flight.
 *  4. The result is structured-cloned (class instances become plain objects, Maps/Sets/Dates stay);
 *     a throw is reported as { name, message }. Pending timers are dropped when the program ends.
 */
import { formatWithOptions } from "node:util";
import { parse } from "acorn";
import { transform } from "sucrase";
import type { TaskRequest, ToolDefinition } from "../../src/index.js";

// ───────────────────────────── stub data ─────────────────────────────

const DOCS = [
  { id: "doc-01", title: "Getting started with the CLI", tags: ["cli", "install", "setup"] },
  { id: "doc-02", title: "Authentication with API keys", tags: ["auth", "api", "keys", "security"] },
  { id: "doc-03", title: "Rate limits and retries", tags: ["api", "limits", "retry", "errors"] },
  { id: "doc-04", title: "Webhooks: delivery and signatures", tags: ["webhooks", "security", "signatures"] },
  { id: "doc-05", title: "Pagination in list endpoints", tags: ["api", "pagination", "cursor"] },
  { id: "doc-06", title: "Deploying to production", tags: ["deploy", "production", "ci"] },
  { id: "doc-07", title: "Error codes reference", tags: ["errors", "api", "reference"] },
  { id: "doc-08", title: "Rotating API keys safely", tags: ["keys", "security", "rotation", "auth"] },
  { id: "doc-09", title: "Configuring retries in the SDK", tags: ["sdk", "retry", "config"] },
  { id: "doc-10", title: "Monitoring and alerts", tags: ["monitoring", "alerts", "production"] },
  { id: "doc-11", title: "SDK installation for TypeScript", tags: ["sdk", "install", "typescript"] },
  { id: "doc-12", title: "Data retention policy", tags: ["security", "data", "retention"] },
];

const WEATHER: Record<string, { tempC: number; conditions: string; humidity: number; windKph: number }> = {
  london: { tempC: 14, conditions: "light rain", humidity: 82, windKph: 19 },
  paris: { tempC: 18, conditions: "partly cloudy", humidity: 64, windKph: 11 },
  berlin: { tempC: 12, conditions: "overcast", humidity: 71, windKph: 15 },
  madrid: { tempC: 27, conditions: "sunny", humidity: 30, windKph: 8 },
  tokyo: { tempC: 22, conditions: "clear", humidity: 55, windKph: 6 },
  "new york": { tempC: 16, conditions: "windy", humidity: 48, windKph: 32 },
};

const USERS: Record<string, { name: string; email: string; team: string; role: string; manager: string | null; active: boolean }> = {
  "u-100": { name: "Ada Lovelace", email: "ada@example.com", team: "platform", role: "lead", manager: null, active: true },
  "u-101": { name: "Grace Hopper", email: "grace@example.com", team: "platform", role: "engineer", manager: "u-100", active: true },
  "u-102": { name: "Alan Turing", email: "alan@example.com", team: "research", role: "engineer", manager: "u-105", active: false },
  "u-103": { name: "Katherine Johnson", email: "katherine@example.com", team: "research", role: "analyst", manager: "u-105", active: true },
  "u-104": { name: "Linus Torvalds", email: "linus@example.com", team: "platform", role: "engineer", manager: "u-100", active: true },
  "u-105": { name: "Barbara Liskov", email: "barbara@example.com", team: "research", role: "lead", manager: null, active: true },
};

const ORDERS = [
  { id: "o-1001", customerId: "u-101", status: "pending", createdAt: "2024-03-01T09:15:00.000Z", items: [{ sku: "anvil", qty: 1, price: 120 }, { sku: "bolt", qty: 40, price: 0.25 }] },
  { id: "o-1002", customerId: "u-103", status: "shipped", createdAt: "2024-03-02T14:00:00.000Z", items: [{ sku: "crate", qty: 3, price: 18.5 }] },
  { id: "o-1003", customerId: "u-101", status: "delivered", createdAt: "2024-02-20T08:30:00.000Z", items: [{ sku: "rope", qty: 2, price: 12 }] },
  { id: "o-1004", customerId: "u-104", status: "pending", createdAt: "2024-03-03T17:45:00.000Z", items: [{ sku: "anvil", qty: 2, price: 115 }] },
  { id: "o-1005", customerId: "u-105", status: "cancelled", createdAt: "2024-02-28T11:00:00.000Z", items: [{ sku: "bolt", qty: 500, price: 0.2 }] },
  { id: "o-1006", customerId: "u-103", status: "pending", createdAt: "2024-03-04T07:05:00.000Z", items: [{ sku: "lamp", qty: 4, price: 22.75 }, { sku: "rope", qty: 1, price: 12 }] },
  { id: "o-1007", customerId: "u-100", status: "delivered", createdAt: "2024-01-15T10:20:00.000Z", items: [{ sku: "crate", qty: 10, price: 17 }] },
  { id: "o-1008", customerId: "u-104", status: "shipped", createdAt: "2024-03-01T12:00:00.000Z", items: [{ sku: "lamp", qty: 1, price: 24 }] },
  { id: "o-1009", customerId: "u-101", status: "pending", createdAt: "2024-03-05T16:40:00.000Z", items: [{ sku: "bolt", qty: 100, price: 0.25 }, { sku: "crate", qty: 1, price: 18.5 }] },
  { id: "o-1010", customerId: "u-102", status: "delivered", createdAt: "2023-12-30T23:59:00.000Z", items: [{ sku: "anvil", qty: 1, price: 130 }] },
];

const INVENTORY: Record<string, number> = { anvil: 14, bolt: 2300, crate: 35, rope: 0, lamp: 9 };
const DEMAND: Record<string, number> = { anvil: 20, bolt: 1800, crate: 35, rope: 6, lamp: 15 };

const SEED_FILES: Record<string, string> = {
  "/repo/package.json": JSON.stringify(
    {
      name: "widget-service",
      version: "2.3.1",
      private: true,
      scripts: { build: "tsc -p .", test: "vitest run", lint: "eslint src" },
      dependencies: { express: "^4.19.2", zod: "^3.23.8", pino: "^9.1.0" },
      devDependencies: { typescript: "^5.4.5", vitest: "^1.6.0", eslint: "^8.57.0" },
    },
    null,
    2,
  ),
  "/repo/README.md": "# widget-service\n\nServes widgets.\n\n## TODO\n- [ ] add caching (owner: @grace)\n- [x] health endpoint\n- [ ] rate limiting (owner: @linus)\n",
  "/repo/src/index.ts": 'import express from "express";\n// TODO(grace): move to config\nconst PORT = 8080;\nconst app = express();\napp.get("/health", (_req, res) => res.send("ok"));\n// FIXME: handle SIGTERM\napp.listen(PORT);\n',
  "/repo/src/util.ts": "export const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));\n// TODO(linus): add tests\n",
  "/data/sales.csv": "date,region,product,units,unit_price\n2024-01-03,north,anvil,3,120\n2024-01-03,south,bolt,400,0.25\n2024-01-04,north,crate,12,18.5\n2024-01-05,east,anvil,1,125\n2024-01-05,south,lamp,7,22.75\n2024-01-06,north,bolt,250,0.25\n2024-01-06,east,crate,4,18.5\n2024-01-07,south,anvil,2,118\n",
  "/logs/app.log":
    "2024-03-05T10:00:01Z INFO server started port=8080\n2024-03-05T10:02:13Z WARN slow request path=/widgets ms=1840\n2024-03-05T10:03:40Z ERROR db timeout query=listWidgets ms=5000\n2024-03-05T10:05:02Z INFO request path=/health ms=3\n2024-03-05T10:07:19Z ERROR upstream 502 service=pricing\n2024-03-05T10:09:55Z WARN slow request path=/orders ms=2210\n2024-03-05T10:11:30Z ERROR db timeout query=listOrders ms=5000\n",
};

const COMMANDS: Record<string, { exitCode: number; stdout: string; stderr: string }> = {
  "git status --short": { exitCode: 0, stdout: " M src/index.ts\n M src/util.ts\n?? notes/todo.md\n", stderr: "" },
  "git log --oneline -5": {
    exitCode: 0,
    stdout: "9f2c1ab fix: handle empty cart\n41d0e7c feat: add rate limiter\n0c3b5de chore: bump deps\n7aa91f2 fix: typo in README\n3e8d210 feat: health endpoint\n",
    stderr: "",
  },
  "npm test": {
    exitCode: 1,
    stdout:
      " ✓ src/util.test.ts > clamp > keeps values in range (2 ms)\n ✓ src/util.test.ts > clamp > clamps low (1 ms)\n ✗ src/cart.test.ts > cart > applies discount\n   AssertionError: expected 90 to be 81\n ✓ src/cart.test.ts > cart > sums items (1 ms)\n ✗ src/api.test.ts > api > returns 404 for unknown widget\n   AssertionError: expected 500 to be 404\n ✓ src/api.test.ts > api > lists widgets (12 ms)\n\n Tests  2 failed | 4 passed (6)\n Duration  1.42s\n",
    stderr: "",
  },
  "ls src": { exitCode: 0, stdout: "api.ts\ncart.ts\nindex.ts\nutil.ts\n", stderr: "" },
  "wc -l src/api.ts src/cart.ts src/index.ts src/util.ts": {
    exitCode: 0,
    stdout: "  212 src/api.ts\n   87 src/cart.ts\n    7 src/index.ts\n    2 src/util.ts\n  308 total\n",
    stderr: "",
  },
  "node --version": { exitCode: 0, stdout: "v20.19.0\n", stderr: "" },
  "cat package.json": { exitCode: 0, stdout: `${SEED_FILES["/repo/package.json"]}\n`, stderr: "" },
};

// ───────────────────────────── stubs ─────────────────────────────

/** What one run of one program may change: its own files, messages, counters. */
export interface RunState {
  files: Map<string, string>;
  messages: { channel: string; text: string }[];
  counters: Map<string, number>;
}

export function newRunState(): RunState {
  return { files: new Map(Object.entries(SEED_FILES)), messages: [], counters: new Map() };
}

function bump(state: RunState, key: string): number {
  const n = (state.counters.get(key) ?? 0) + 1;
  state.counters.set(key, n);
  return n;
}

type Input = Record<string, unknown>;
type Stub = (input: Input, state: RunState) => Promise<unknown>;

const str = { type: "string" } as const;
const obj = (properties: Record<string, unknown>, required: string[]) => ({ type: "object", properties, required });

interface StubTool {
  description: string;
  inputSchema: Record<string, unknown>;
  run: Stub;
}

/** The stub tools, by their original names (snake_case and kebab-case, as MCP servers name them). */
export const STUB_TOOLS: Record<string, StubTool> = {
  search_docs: {
    description: "Search the documentation. Returns the best matches first.",
    inputSchema: obj({ query: str, limit: { type: "integer", minimum: 1, maximum: 50 } }, ["query"]),
    run: async ({ query, limit }) => {
      const words = String(query).toLowerCase().split(/\s+/).filter(Boolean);
      return DOCS.map((doc) => {
        const haystack = `${doc.title} ${doc.tags.join(" ")}`.toLowerCase();
        return { doc, score: words.filter((w) => haystack.includes(w)).length };
      })
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score || a.doc.id.localeCompare(b.doc.id))
        .slice(0, typeof limit === "number" ? limit : 5)
        .map(({ doc, score }) => ({ id: doc.id, title: doc.title, url: `https://docs.example.com/${doc.id}`, score, tags: [...doc.tags] }));
    },
  },
  get_weather: {
    description: "Current weather for a city.",
    inputSchema: obj({ city: str }, ["city"]),
    run: async ({ city }) => {
      const w = WEATHER[String(city).toLowerCase()];
      if (!w) throw new Error(`Unknown city: ${String(city)}`);
      return { city: String(city), ...w };
    },
  },
  "lookup-user": {
    description: "Look a user up by id.",
    inputSchema: obj({ id: str }, ["id"]),
    run: async ({ id }) => {
      const user = USERS[String(id)];
      if (!user) throw new Error(`user not found: ${String(id)}`);
      return { id: String(id), ...user };
    },
  },
  list_orders: {
    description: "List orders, optionally for one customer and/or with one status.",
    inputSchema: obj({ customerId: str, status: { type: "string", enum: ["pending", "shipped", "delivered", "cancelled"] } }, []),
    run: async ({ customerId, status }) =>
      ORDERS.filter((o) => (customerId === undefined || o.customerId === customerId) && (status === undefined || o.status === status)).map((o) => ({
        ...o,
        items: o.items.map((item) => ({ ...item })),
      })),
  },
  get_inventory: {
    description: "Units in stock for a product.",
    inputSchema: obj({ productId: str }, ["productId"]),
    run: async ({ productId }) => ({ productId: String(productId), availableUnits: INVENTORY[String(productId)] ?? 0 }),
  },
  get_demand: {
    description: "Units requested for a product.",
    inputSchema: obj({ productId: str }, ["productId"]),
    run: async ({ productId }) => ({ productId: String(productId), requestedUnits: DEMAND[String(productId)] ?? 0 }),
  },
  exec_command: {
    description: "Run a shell command in the workspace.",
    inputSchema: obj({ cmd: str, workdir: str }, ["cmd"]),
    run: async ({ cmd }) => {
      const known = COMMANDS[String(cmd)];
      if (known) return { ...known };
      return { exitCode: 127, stdout: "", stderr: `sh: 1: ${String(cmd).split(" ")[0]}: not found\n` };
    },
  },
  write_file: {
    description: "Write a text file.",
    inputSchema: obj({ path: str, content: str }, ["path", "content"]),
    run: async ({ path, content }, state) => {
      state.files.set(String(path), String(content));
      return { path: String(path), bytes: new TextEncoder().encode(String(content)).length };
    },
  },
  read_file: {
    description: "Read a text file.",
    inputSchema: obj({ path: str }, ["path"]),
    run: async ({ path }, state) => {
      const content = state.files.get(String(path));
      if (content === undefined) throw new Error(`ENOENT: no such file or directory, open '${String(path)}'`);
      return { path: String(path), content };
    },
  },
  list_files: {
    description: "List the files under a directory.",
    inputSchema: obj({ dir: str }, ["dir"]),
    run: async ({ dir }, state) => {
      const prefix = String(dir).endsWith("/") ? String(dir) : `${String(dir)}/`;
      return [...state.files.keys()].filter((p) => p.startsWith(prefix)).sort();
    },
  },
  send_message: {
    description: "Post a message to a channel.",
    inputSchema: obj({ channel: str, text: str }, ["channel", "text"]),
    run: async ({ channel, text }, state) => {
      state.messages.push({ channel: String(channel), text: String(text) });
      return { ok: true, channel: String(channel), ts: `msg-${state.messages.length}` };
    },
  },
  get_channel_history: {
    description: "Recent messages of a channel (newest last).",
    inputSchema: obj({ channel: str }, ["channel"]),
    run: async ({ channel }, state) => {
      const poll = bump(state, `history:${String(channel)}`);
      const messages = [
        { user: "ci-bot", text: "Build #481 started" },
        { user: "grace", text: "looking at the flaky test" },
      ];
      if (poll >= 3) messages.push({ user: "deploy-bot", text: "Deployment of widget-service 2.3.1 complete" });
      return messages;
    },
  },
  "fetch-page": {
    description: "Fetch a web page and return its title and text.",
    inputSchema: obj({ url: str }, ["url"]),
    run: async ({ url }, state) => {
      const u = String(url);
      if (u.includes("/missing")) throw new Error(`404 Not Found: ${u}`);
      if (u.includes("flaky") && bump(state, `fetch:${u}`) <= 2) throw new Error(`503 Service Unavailable: ${u}`);
      const slug = u.replace(/^https?:\/\/[^/]+\/?/, "") || "home";
      return { url: u, status: 200, title: `Page ${slug}`, text: `Contents of ${slug}. Updated 2024-03-01.` };
    },
  },
  create_ticket: {
    description: "Open a ticket.",
    inputSchema: obj({ title: str, priority: { type: "string", enum: ["low", "medium", "high"] }, assignee: str }, ["title", "priority"]),
    run: async ({ title, priority, assignee }, state) => ({
      id: `TCK-${1000 + bump(state, "tickets")}`,
      title: String(title),
      priority: String(priority),
      assignee: assignee === undefined ? null : String(assignee),
      status: "open",
    }),
  },
};

/** The subagent stub: a canned reply per subagent type, shaped by the description. */
export async function dispatchStub(request: TaskRequest): Promise<unknown> {
  const words = request.description.split(/\s+/).filter(Boolean);
  switch (request.subagentType) {
    case "researcher":
      // A JSON string, as a model's final message would be.
      return JSON.stringify({
        topic: request.description,
        summary: `Summary of ${words.slice(0, 4).join(" ")}`,
        sources: words.length,
        confidence: words.length > 6 ? "high" : "medium",
      });
    case "auditor":
      return JSON.stringify({
        services: [
          {
            name: "billing",
            checks: [
              { id: "tls", passed: true, findings: [] },
              { id: "secrets", passed: false, findings: [{ severity: "high", file: "src/config.ts", line: 12, note: "hard-coded key" }] },
            ],
          },
          {
            name: "search",
            checks: [{ id: "deps", passed: false, findings: [{ severity: "medium", file: "package.json", line: 30, note: "outdated parser" }, { severity: "low", file: "package.json", line: 31, note: "unused dependency" }] }],
          },
        ],
      });
    default:
      return `Done: ${request.description}`;
  }
}

export const SUBAGENT_TYPES = [
  { name: "general", description: "General-purpose helper." },
  { name: "researcher", description: "Researches a topic; replies with JSON." },
  { name: "auditor", description: "Audits services; replies with JSON." },
];

/** The tools as quickbox definitions; `stateFor(threadId)` gives each thread its own RunState. */
export function quickboxTools(stateFor: (threadId: string) => RunState): ToolDefinition[] {
  return Object.entries(STUB_TOOLS).map(([name, tool]) => ({
    name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    execute: (input: unknown, ctx) => tool.run(input as Input, stateFor(ctx.threadId)),
  }));
}

/** DESIGN §3: each run of `-`/`_` followed by a letter or digit → that character upper-cased. */
export function camelCase(name: string): string {
  return name.replace(/[-_]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase());
}

// ───────────────────────────── the Node reference runner ─────────────────────────────

/** quickbox's virtual clock, for the Node run (see the file header). */
class VirtualClock {
  now = 0;
  #seq = 0;
  #timers = new Map<number, { due: number; order: number; fire: () => void; every?: number }>();
  #inFlight = 0;
  #scheduled = false;
  #stopped = false;

  setTimeout = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): number => this.#add(callback, ms, args, false);
  setInterval = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): number => this.#add(callback, ms, args, true);
  clearTimeout = (id?: number): void => {
    if (id !== undefined) this.#timers.delete(id);
  };
  clearInterval = this.clearTimeout;

  #add(callback: (...args: unknown[]) => void, ms: number | undefined, args: unknown[], repeat: boolean): number {
    const id = ++this.#seq;
    const delay = Math.max(0, Number(ms) || 0);
    this.#timers.set(id, { due: this.now + delay, order: id, fire: () => callback(...args), ...(repeat ? { every: Math.max(1, delay) } : {}) });
    this.#wake();
    return id;
  }

  /** Wraps a tool call or task: virtual time stands still while it is in flight. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.#inFlight++;
    try {
      return await work();
    } finally {
      this.#inFlight--;
      this.#wake();
    }
  }

  stop(): void {
    this.#stopped = true;
    this.#timers.clear();
  }

  #wake(): void {
    if (this.#scheduled || this.#stopped) return;
    this.#scheduled = true;
    // setImmediate runs once the microtasks (the program's continuations) have drained.
    setImmediate(() => {
      this.#scheduled = false;
      this.#fireNext();
    });
  }

  #fireNext(): void {
    if (this.#stopped || this.#inFlight > 0 || this.#timers.size === 0) return;
    let nextId = -1;
    let next: { due: number; order: number; fire: () => void; every?: number } | undefined;
    for (const [id, timer] of this.#timers) {
      if (!next || timer.due < next.due || (timer.due === next.due && timer.order < next.order)) {
        next = timer;
        nextId = id;
      }
    }
    if (!next) return;
    this.now = Math.max(this.now, next.due);
    if (next.every !== undefined) {
      next.due = this.now + next.every;
      next.order = ++this.#seq;
    } else {
      this.#timers.delete(nextId);
    }
    next.fire();
    this.#wake();
  }
}

function virtualDate(clock: VirtualClock): DateConstructor {
  const RealDate = Date;
  function VirtualDate(this: unknown, ...args: unknown[]): Date | string {
    if (!new.target) return new RealDate(clock.now).toString();
    return args.length === 0 ? new RealDate(clock.now) : new (RealDate as unknown as new (...a: unknown[]) => Date)(...args);
  }
  VirtualDate.prototype = RealDate.prototype;
  VirtualDate.now = () => clock.now;
  VirtualDate.UTC = RealDate.UTC;
  VirtualDate.parse = RealDate.parse;
  return VirtualDate as unknown as DateConstructor;
}

export type ProgramShape = "function-expression" | "top-level-return" | "completion-value";

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const PARSE_OPTIONS = { ecmaVersion: "latest", sourceType: "script", allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true, allowHashBang: true } as const;

function isNode(value: unknown): value is AstNode {
  return typeof value === "object" && value !== null && typeof (value as AstNode).type === "string" && typeof (value as AstNode).start === "number";
}

function isFunction(node: AstNode): boolean {
  return node.type === "FunctionDeclaration" || node.type === "FunctionExpression" || node.type === "ArrowFunctionExpression";
}

/** Is there a `return` outside every function of the program? */
function hasTopLevelReturn(node: AstNode): boolean {
  if (node.type === "ReturnStatement") return true;
  if (isFunction(node)) return false;
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc") continue;
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) if (isNode(child) && hasTopLevelReturn(child)) return true;
  }
  return false;
}

/**
 * The program as one parameterless function expression, or null. Parenthesised first, as a host that
 * evaluates `(<code>)` does: that also reads `async function () {}`, which as a statement is no
 * valid JavaScript.
 */
function functionExpressionOf(js: string): string | null {
  const text = js.trimEnd().replace(/;$/, "");
  let program: { body: AstNode[] };
  try {
    program = parse(`(${text}\n)`, PARSE_OPTIONS) as unknown as { body: AstNode[] };
  } catch {
    return null;
  }
  const statements = program.body.filter((s) => s.type !== "EmptyStatement");
  const only = statements.length === 1 ? statements[0] : undefined;
  const expression = only?.type === "ExpressionStatement" ? (only.expression as AstNode) : undefined;
  if (!expression || (expression.type !== "ArrowFunctionExpression" && expression.type !== "FunctionExpression")) return null;
  if ((expression.params as unknown[]).length !== 0) return null;
  return text;
}

/** The async-function body that runs the program in Node, and the shape that decided it. */
export function nodeProgramBody(source: string, typescript: boolean): { shape: ProgramShape; body: string } {
  const js = typescript ? transform(source, { transforms: ["typescript"], disableESTransforms: true }).code : source;
  const fn = functionExpressionOf(js);
  if (fn !== null) return { shape: "function-expression", body: `return await (${fn}\n)();` };
  const program = parse(js, PARSE_OPTIONS) as unknown as AstNode & { body: AstNode[] };
  if (hasTopLevelReturn(program)) return { shape: "top-level-return", body: js };
  const last = program.body.filter((s) => s.type !== "EmptyStatement").at(-1);
  if (last?.type === "ExpressionStatement") {
    const expression = last.expression as AstNode;
    return { shape: "completion-value", body: `${js.slice(0, last.start)}return (${js.slice(expression.start, expression.end)}\n);${js.slice(last.end)}` };
  }
  return { shape: "completion-value", body: js };
}

export type NodeOutcome = { shape: ProgramShape; stdout: string[] } & ({ ok: true; value: unknown } | { ok: false; error: { name: string; message: string } });

const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<unknown>;
const GLOBALS = ["tools", "task", "console", "setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"];

/** Runs a program in plain Node with the same stubs (see the file header). */
export async function runInNode(source: string, typescript: boolean): Promise<NodeOutcome> {
  const { shape, body } = nodeProgramBody(source, typescript);
  const state = newRunState();
  const clock = new VirtualClock();
  const stdout: string[] = [];
  const print =
    (prefix: string) =>
    (...args: unknown[]): void => {
      stdout.push(prefix + formatWithOptions({}, ...args));
    };
  const fakeConsole = { log: print(""), info: print(""), debug: print(""), warn: print("[warn] "), error: print("[error] ") };

  const tools: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [name, tool] of Object.entries(STUB_TOOLS)) {
    const call = (...args: unknown[]): Promise<unknown> => {
      if (args.length > 1) return Promise.reject(new TypeError(`tools.${name} takes one input object`));
      const input = structuredClone(args[0] ?? {}) as Input;
      return clock.during(async () => {
        try {
          return structuredClone(await tool.run(input, state));
        } catch (error) {
          const toolError = new Error(error instanceof Error ? error.message : String(error));
          toolError.name = "ToolError";
          throw toolError;
        }
      });
    };
    tools[name] = call;
    tools[camelCase(name)] = call;
  }
  const task = (request: TaskRequest): Promise<unknown> =>
    clock.during(async () => {
      let reply = await dispatchStub(structuredClone(request));
      if (request.responseSchema !== undefined && typeof reply === "string") reply = JSON.parse(reply);
      return structuredClone(reply);
    });

  try {
    const run = new AsyncFunction(...GLOBALS, body);
    const value = await run(tools, task, fakeConsole, clock.setTimeout, clock.clearTimeout, clock.setInterval, clock.clearInterval, virtualDate(clock));
    return { shape, stdout, ok: true, value: structuredClone(value) };
  } catch (error) {
    const e = error as { name?: unknown; message?: unknown };
    return { shape, stdout, ok: false, error: { name: String(e?.name), message: String(e?.message) } };
  } finally {
    clock.stop();
  }
}
