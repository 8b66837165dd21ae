// A newcomer's first page: import quickbox, give it one tool, run a program with the default
// isolation (a Web Worker) and show the wire text the model would read.
import { createInterpreter } from "quickbox";

const out = document.querySelector("#out");
try {
  const qb = await createInterpreter({ tools: [{ name: "double_it", execute: ({ n }) => n * 2 }] });
  try {
    const result = await qb.eval("const xs: number[] = await Promise.all([1, 2, 3].map((n: number) => tools.doubleIt({ n }))); xs");
    out.textContent = result.text;
    out.dataset.status = result.status;
  } finally {
    await qb.dispose();
  }
} catch (error) {
  out.textContent = error instanceof Error ? (error.stack ?? String(error)) : String(error);
  out.dataset.status = "threw";
}
