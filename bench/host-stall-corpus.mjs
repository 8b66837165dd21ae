// The hostile corpus of bench/host-stall.mjs: programs and tool results that would make the HOST
// (not the sandbox) spend time. Each entry: { name, program, tools?, options? }. Programs keep their
// own CPU work small (inline, it runs on the host's thread); what they send back is the attack.

/** `o = { a: o, b: o }`, `levels` times: levels + 1 objects, 2^levels paths as a tree. */
const sharedTree = (levels) => {
  let tree = { x: 1 };
  for (let level = 0; level < levels; level++) tree = { a: tree, b: tree };
  return tree;
};
const guestSharedTree = (levels, name = "o") => `let ${name} = { x: 1 }; for (let i = 0; i < ${levels}; i++) ${name} = { a: ${name}, b: ${name} };`;

/** Rewrites the value copy the prelude sends the host (a program may break its own built-ins). */
const forgeValueCopy = (text) => `Object.defineProperty(Object.prototype, "toJSON", { configurable: true, value: function () {
  if (this && "value" in this && typeof this.value === "string" && !("status" in this)) return { value: ${text} };
  return this;
} });`;

/** Rewrites the calls the prelude reports (the ids are the prelude's own: c1, c2, …). */
const forgeCalls = (calls) => `Object.defineProperty(Object.prototype, "toJSON", { configurable: true, value: function () {
  if (this && this.settled === false && Array.isArray(this.calls) && this.calls.length) return { ...this, calls: ${calls} };
  return this;
} });`;

const sparseArray = () => {
  const array = ["first"];
  array[4294967294] = "last";
  return array;
};

const MIB = 2 ** 20;
// Tools return data made once, here: what is measured is quickbox's work with it, not the tool's.
const TREE_40 = sharedTree(40);
const SPARSE = sparseArray();
const STRING_1_MIB = "r".repeat(MIB - 64);
const ITEMS_300_KB = Array.from({ length: 25000 }, (_, i) => `item-${i}`);
const ROWS_1_MIB = Array.from({ length: 20000 }, (_, i) => ({ id: i, name: `row ${i}`, tags: ["a", "b"] }));
const REPLY_1_MIB = "t".repeat(MIB - 64);

export const corpus = [
  { name: "result: shared references, 40 levels", program: `${guestSharedTree(40)} o` },
  { name: "result: sparse array, length 2^32-1", program: "const a = ['first']; a[4294967294] = 'last'; ({ a, again: a })" },
  { name: "result: 1 MiB string", program: "'x'.repeat(2 ** 20 - 16)" },
  { name: "result: ~1 MiB of distinct objects", program: "Array.from({ length: 24000 }, (_, i) => ({ id: i, name: 'item ' + i, tags: ['a', 'b'] }))" },
  { name: "result: one 1000-char string repeated 250,000 times", program: "const s = 'y'.repeat(1000); Array.from({ length: 250000 }, () => s)" },
  { name: "result: 1,000 views of one 600 KB buffer", program: "const buffer = new ArrayBuffer(600000); Array.from({ length: 1000 }, () => new Uint8Array(buffer))" },
  { name: "result: nested 20,000 levels", program: "let d = {}; for (let i = 0; i < 20000; i++) d = { d }; d" },
  { name: "result: BigInt of 4,097 digits", program: "10n ** 4096n" },
  { name: "result: forged copy, 1M-digit BigInt", program: `${forgeValueCopy(`'[["BigInt","' + '9'.repeat(1000000) + '"]]'`)} ({ a: 1 })` },
  { name: "result: forged copy nested 500,000 levels", program: `${forgeValueCopy(`"[".repeat(500000) + "]".repeat(500000)`)} ({ a: 1 })` },
  { name: "result: forged copy, 1 MiB of one shared object", program: `${forgeValueCopy(`'[[' + '1,'.repeat(500000) + '1],{}]'`)} ({ a: 1 })` },
  { name: "progress: shared references, 40 levels", program: `${guestSharedTree(40, "p")} progress(p); 'sent'` },
  { name: "progress: 1,000 values of 4,000 characters", program: "const text = 'z'.repeat(4000); for (let i = 0; i < 1000; i++) progress(text); 'flooded'" },
  { name: "progress: 1,000 sparse arrays", program: "const s = []; s[4294967294] = 1; for (let i = 0; i < 1000; i++) progress({ s }); 'flooded'" },
  {
    name: "tool result: shared references, 40 levels",
    tools: [{ name: "tree", execute: () => TREE_40 }],
    program: "const r = await tools.tree({}); r.a === r.b",
  },
  {
    name: "tool result: sparse array, length 2^32-1",
    tools: [{ name: "sparse", execute: () => SPARSE }],
    program: "(await tools.sparse({})).length",
  },
  {
    name: "tool results: 32 × 1 MiB strings at once",
    tools: [{ name: "big", execute: () => STRING_1_MIB }],
    options: { memoryLimitBytes: 256 * MIB },
    program: "(await Promise.all(Array.from({ length: 32 }, () => tools.big({})))).length",
  },
  {
    name: "tool calls: 64 × ~300 KB arguments at once",
    tools: [{ name: "take", execute: () => 1 }],
    options: { maxConcurrentToolCalls: 64, memoryLimitBytes: 256 * MIB },
    program: "const items = Array.from({ length: 25000 }, (_, i) => 'item-' + i); (await Promise.all(Array.from({ length: 64 }, () => tools.take({ items })))).length",
  },
  {
    name: "tool results: 64 × ~300 KB at once",
    tools: [{ name: "give", execute: () => ITEMS_300_KB }],
    options: { maxConcurrentToolCalls: 64, memoryLimitBytes: 256 * MIB },
    program: "(await Promise.all(Array.from({ length: 64 }, () => tools.give({})))).length",
  },
  {
    name: "tool calls: forged arguments nested 500,000 levels × 8",
    tools: [{ name: "take", execute: () => 1 }],
    program: `${forgeCalls(`Array.from({ length: 8 }, (_, i) => ({ id: "c" + (i + 1), kind: "tool", name: "take", args: "[".repeat(500000) + "]".repeat(500000) }))`)} await Promise.all(Array.from({ length: 8 }, () => tools.take({}).catch((e) => e.name)))`,
  },
  {
    name: "tool calls: forged arguments nested 20,000 levels × 32",
    tools: [{ name: "take", execute: () => 1 }],
    program: `${forgeCalls(`Array.from({ length: 32 }, (_, i) => ({ id: "c" + (i + 1), kind: "tool", name: "take", args: "[".repeat(20000) + "]".repeat(20000) }))`)} await Promise.all(Array.from({ length: 32 }, () => tools.take({}).catch((e) => e.name)))`,
  },
  {
    name: "tool result: ~1 MiB of distinct objects",
    tools: [{ name: "rows", execute: () => ROWS_1_MIB }],
    program: "(await tools.rows({})).length",
  },
  {
    name: "held calls: 200 gated calls with 4 KB arguments",
    tools: [{ name: "send", execute: () => "sent" }],
    options: { interruptOn: { send: true } },
    program: "const body = 'b'.repeat(4000); await Promise.all(Array.from({ length: 200 }, (_, i) => tools.send({ i, body })))",
  },
  {
    name: "task(): a subagent's 1 MiB reply",
    options: { subagents: { types: [{ name: "general", description: "replies" }], dispatch: () => REPLY_1_MIB } },
    program: "(await task({ description: 'reply', subagentType: 'general' })).length",
  },
  { name: "output: 5 MB of console.log", program: "for (let i = 0; i < 5000; i++) console.log('l'.repeat(1000)); 'logged'" },
];
