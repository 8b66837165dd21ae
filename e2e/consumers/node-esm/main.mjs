// Node ESM: a plain `import` of quickbox, then one program with a tool in the default isolation
// (a worker_thread) and inline. Prints one line of wire text per isolation.
import { createInterpreter } from "quickbox";

const tools = [{ name: "double_it", execute: ({ n }) => n * 2 }];
for (const isolation of ["default", "inline"]) {
  const qb = await createInterpreter(isolation === "default" ? { tools } : { tools, isolation });
  try {
    const result = await qb.eval("const xs: number[] = await Promise.all([1, 2, 3].map((n: number) => tools.doubleIt({ n }))); xs");
    console.log(`${isolation}: ${result.text}`);
  } finally {
    await qb.dispose();
  }
}
