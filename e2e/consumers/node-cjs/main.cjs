// Node CommonJS: `require("quickbox")` (Node ≥ 20.19 can require an ES module without top-level
// await), then one program with a tool in a worker_thread and inline.
const { createInterpreter } = require("quickbox");

const tools = [{ name: "double_it", execute: ({ n }) => n * 2 }];

async function main() {
  for (const isolation of ["worker", "inline"]) {
    const qb = await createInterpreter({ tools, isolation });
    try {
      const result = await qb.eval("const xs: number[] = await Promise.all([1, 2, 3].map((n: number) => tools.doubleIt({ n }))); xs");
      console.log(`${isolation}: ${result.text}`);
    } finally {
      await qb.dispose();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
