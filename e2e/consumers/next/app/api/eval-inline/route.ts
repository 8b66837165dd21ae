// The same route handler with isolation "inline": the engine runs on the server's own thread.
import { createInterpreter, type ToolDefinition } from "quickbox";

const doubleIt: ToolDefinition<{ n: number }> = { name: "double_it", execute: ({ n }) => n * 2 };

export async function GET(request: Request): Promise<Response> {
  const factor = Number(new URL(request.url).searchParams.get("factor") ?? "1");
  const qb = await createInterpreter({ tools: [doubleIt], isolation: "inline" });
  try {
    const result = await qb.eval(`const xs = await Promise.all([1, 2, 3].map((n) => tools.doubleIt({ n: n * ${factor} }))); xs`);
    return Response.json({ status: result.status, text: result.text });
  } finally {
    await qb.dispose();
  }
}
