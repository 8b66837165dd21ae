// A minimal app that uses the published package the way a user would: no bundler config at all.
import { createInterpreter } from "quickbox";

const out = document.querySelector("#out");
try {
  const qb = await createInterpreter({
    tools: [{ name: "double_it", execute: ({ n }) => n * 2 }],
  });
  const result = await qb.eval("const xs = await Promise.all([1, 2, 3].map((n) => tools.doubleIt({ n }))); xs");
  const isolation = typeof WorkerGlobalScope === "undefined" ? "page" : "worker";
  out.textContent = `${result.text} (${isolation})`;
  await qb.dispose();
} catch (error) {
  out.textContent = `failed: ${error instanceof Error ? error.stack : String(error)}`;
}
