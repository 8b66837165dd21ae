/**
 * sucrase, in a module of its own: imported on the first TypeScript cell or skill file
 * (ts-namespaces.ts loadSucrase), so that a worker evaluating plain JavaScript never runs sucrase's
 * module code. Its transform and the parser that ts-namespaces.ts reads tokens from both come from
 * sucrase's ES module build ("sucrase" resolves there for bundlers: package.json "module"), so a
 * bundle holds one copy of sucrase, not its CommonJS build (dist/parser/…) beside it.
 */
export { transform } from "sucrase";
export { parse } from "sucrase/dist/esm/parser/index.js";
export { TokenType } from "sucrase/dist/esm/parser/tokenizer/types.js";
export { ContextualKeyword } from "sucrase/dist/esm/parser/tokenizer/keywords.js";
