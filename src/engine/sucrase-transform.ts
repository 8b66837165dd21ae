/**
 * sucrase's transform, in a module of their own: imported on the first TypeScript cell or skill
 * file (ts-namespaces.ts loadSucrase), so that a worker evaluating plain JavaScript never runs
 * sucrase's module code.
 */
export { transform } from "sucrase";
