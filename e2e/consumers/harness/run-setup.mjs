// Runs one setup: lays out its app, runs its check under a time limit, always stops what the
// check started, and returns a result row for the report.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createCheckContext } from "./check-context.mjs";
import { consumersDir } from "./deps.mjs";
import { layOutApp } from "./workspace.mjs";

export async function runSetup(setup, { workRoot, quickbox }) {
  const started = performance.now();
  const logFile = join(workRoot, `${setup.name}.log`);
  let context = null;
  const errors = [];
  try {
    const dir = layOutApp({ app: setup.app, dirName: setup.name, workRoot, installedModules: quickbox.nodeModules, tools: setup.tools, copiedTools: setup.copiedTools });
    context = createCheckContext({ dir, logFile, quickbox });
    const { default: check } = await import(pathToFileURL(join(consumersDir, setup.check)).href);
    const timeoutMs = setup.timeoutMs ?? 180_000;
    let timer;
    await Promise.race([
      check(context),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the check took longer than ${timeoutMs / 1000} s`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  } catch (error) {
    errors.push(error);
  } finally {
    await context?.cleanup();
  }
  errors.push(...(context?.failures ?? []));
  return {
    name: setup.name,
    title: setup.title,
    ok: errors.length === 0,
    seconds: (performance.now() - started) / 1000,
    steps: context?.steps ?? [],
    notes: context?.notes ?? [],
    errors: errors.map((error) => (error instanceof Error ? error.message : String(error))),
    log: logFile,
  };
}
