// What a setup's check function gets: its app folder, timed steps, commands and servers that are
// logged to <app>.log and stopped afterwards, the Chromium page driver, and notes for the report.
import { appendFileSync, writeFileSync } from "node:fs";
import { runPage } from "./browser.mjs";
import { exec, freePort, startServer } from "./processes.mjs";
import { serveStatic } from "./static-server.mjs";

export function createCheckContext({ dir, logFile, quickbox }) {
  const cleanups = [];
  const steps = [];
  const notes = [];
  const failures = [];
  writeFileSync(logFile, "");
  const log = (title, text) => appendFileSync(logFile, `\n===== ${title}\n${text}\n`);

  return {
    dir,
    quickbox,
    steps,
    notes,
    failures,
    freePort,
    /** Times `fn` as one step of the setup (shown in the report). */
    async step(label, fn) {
      const started = performance.now();
      try {
        return await fn();
      } finally {
        steps.push({ label, seconds: (performance.now() - started) / 1000 });
      }
    },
    /** Runs a command in the app folder; its output goes to the log and is returned. */
    async exec(command, args, options = {}) {
      const title = [command, ...args].join(" ");
      try {
        const result = await exec(command, args, { cwd: dir, ...options });
        log(title, result.output);
        return result.output;
      } catch (error) {
        log(title, error.output ?? error.message);
        throw error;
      }
    },
    /** Starts a server in the app folder; it is stopped when the check ends. */
    async server(command, args, options) {
      const server = await startServer(command, args, { cwd: dir, ...options }).catch((error) => {
        log([command, ...args].join(" "), error.message);
        throw error;
      });
      cleanups.push(async () => {
        await server.stop();
        log(`server: ${[command, ...args].join(" ")}`, server.output());
      });
      return server;
    },
    /** Serves a folder of built files. */
    async serveStatic(root) {
      const server = await serveStatic(root);
      cleanups.push(server.close);
      return server.url;
    },
    async page(url, options) {
      const result = await runPage(url, options);
      log(`page ${url}`, JSON.stringify(result, null, 2));
      return result;
    },
    /** Runs an assertion; a failure is recorded and the check goes on (the setup still fails). */
    async verify(fn) {
      try {
        await fn();
      } catch (error) {
        failures.push(error);
      }
    },
    note(text) {
      notes.push(text);
    },
    log,
    async cleanup() {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    },
  };
}
