/**
 * The oracle for errors (issue 31): what Node itself throws for a program, as `name: message`.
 * Each program runs as a script in a fresh `vm` context (the language's globals, plus a console
 * that prints nothing); a returned promise is awaited. Node-only: the Chromium suite reaches it
 * through the `nodeErrorMessages` browser command (vite.config.ts).
 */
import vm from "node:vm";

/** What Node throws for `code`, as `name: message`, or null if it runs without error. */
export async function nodeErrorMessage(code: string): Promise<string | null> {
  const quiet = () => {};
  const context = vm.createContext({ console: { log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet } });
  try {
    const value: unknown = new vm.Script(code, { filename: "cell.js" }).runInContext(context, { timeout: 5000 });
    if (value !== null && typeof value === "object" && typeof (value as { then?: unknown }).then === "function") await value;
    return null;
  } catch (error) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return `${String(name)}: ${String(message)}`;
  }
}

export async function nodeErrorMessages(codes: string[]): Promise<(string | null)[]> {
  const messages: (string | null)[] = [];
  for (const code of codes) messages.push(await nodeErrorMessage(code));
  return messages;
}
