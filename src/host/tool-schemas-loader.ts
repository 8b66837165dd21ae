/** The seam of tool-schemas.ts: one dynamic import, cached (createInterpreter awaits it when there are tools; task() when a program gives a responseSchema). */
import { lazyModule } from "../util/lazy-module.js";
import type { ToolSchemas } from "./tool-schemas.js";

const capability = lazyModule("tool schemas", () => import("./tool-schemas.js").then((module) => module.toolSchemas));

export const loadToolSchemas = (): Promise<ToolSchemas> => capability.load();
