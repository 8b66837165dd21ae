// For the runtime checks (Node, Bun, Deno): the lines a script printed must be exactly these.
import { firstLines } from "./expect.mjs";

export function expectLines(output, expected) {
  const lines = output.split("\n").map((line) => line.trimEnd());
  const missing = expected.filter((line) => !lines.includes(line));
  if (missing.length > 0) {
    throw new Error(`missing output line(s): ${missing.map((line) => JSON.stringify(line)).join(", ")}; the script printed:\n${firstLines(output.trim(), 20)}`);
  }
}
