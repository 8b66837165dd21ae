/**
 * The platform's types that quickbox's public declarations name, spelt so that they compile under
 * whatever lib a consumer's tsconfig has: Node only (`lib: ["ES2023"]` + @types/node, no DOM:
 * no `CryptoKey`, no `WebAssembly` namespace with @types/node 20 and 22, and `MessagePort` only
 * as a value), browser only (DOM) and workerd only (@cloudflare/workers-types). Each is the
 * global's own type where the consumer's lib declares one, and a stand-in where it does not.
 * Types only: nothing here runs.
 */
type GlobalScope = typeof globalThis;

/** A compiled WebAssembly module: `WebAssembly.Module` (where no lib declares it, any object; createInterpreter checks it at run time). */
export type WasmModule = GlobalScope extends { WebAssembly: { Module: { prototype: infer Module } } } ? Module : object;

/** What every runtime's Web Crypto key has (Node's `webcrypto.CryptoKey` too). */
export interface CryptoKeyLike {
  readonly algorithm: { readonly name: string };
  readonly extractable: boolean;
  readonly type: string;
  readonly usages: readonly string[];
}

/** A Web Crypto key: `CryptoKey` where the lib declares it, else anything shaped like one. */
export type WebCryptoKey = GlobalScope extends { CryptoKey: { prototype: infer Key } } ? Key : CryptoKeyLike;

/** A message port: the DOM's `MessagePort`, or Node's (worker_threads), whichever the lib declares. */
export type MessagePortLike = GlobalScope extends { MessagePort: { prototype: infer Port } } ? Port : never;
