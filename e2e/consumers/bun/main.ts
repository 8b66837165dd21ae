// Bun runs TypeScript directly: `bun main.ts`. One program with a tool in a worker (the
// default isolation) and inline; prints one line of wire text per isolation.
import { createInterpreter, type ToolDefinition } from "quickbox";

const doubleIt: ToolDefinition<{ n: number }> = { name: "double_it", execute: ({ n }) => n * 2 };
for (const isolation of ["worker", "inline"] as const) {
  const qb = await createInterpreter({ tools: [doubleIt], isolation });
  try {
    const result = await qb.eval("const xs: number[] = await Promise.all([1, 2, 3].map((n: number) => tools.doubleIt({ n }))); xs");
    console.log(`${isolation}: ${result.text}`);
  } finally {
    await qb.dispose();
  }
}
