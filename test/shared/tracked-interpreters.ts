/**
 * Interpreters a test suite creates, disposed after each test (whatever the test did to them).
 */
import { afterEach } from "vitest";
import type { Interpreter, InterpreterOptions } from "../../src/index.js";
import type { InterpreterFactory } from "./engine-suite.js";

export function trackedInterpreters(create: InterpreterFactory): (options: InterpreterOptions) => Promise<Interpreter> {
  const open: Interpreter[] = [];
  afterEach(async () => {
    // A test may already have disposed one, or broken its worker on purpose.
    await Promise.all(open.splice(0).map((qb) => qb.dispose().catch(() => {})));
  });
  return async (options) => {
    const qb = await create(options);
    open.push(qb);
    return qb;
  };
}
