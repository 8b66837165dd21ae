import { n as memoryStore, t as createInterpreter } from "./interpreter-DHUjrGnj.js";
import { a as QuickboxError, o as isQuickboxError } from "./snapshot-codec-CMGbdmR3.js";
import { s as pruneSnapshots } from "./store-contract-KEkTIkJy.js";
export { QuickboxError, createInterpreter, isQuickboxError, memoryStore, pruneSnapshots };
