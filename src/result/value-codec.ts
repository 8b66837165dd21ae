/**
 * devalue (parse: the guest's copies of results and progress values; stringify: tool results that
 * are not JSON data), loaded once per process, while createInterpreter starts the engine: not part
 * of the page's own chunk, and never awaited on an eval.
 */
import { lazyModule } from "../util/lazy-module.js";

export const valueCodec = lazyModule("the value codec (devalue)", () => import("devalue"));
