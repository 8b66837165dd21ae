// A route handler (Node.js runtime, the default) that runs a program with the default isolation
// (a worker_thread) on each request: GET /api/eval → { status, text }.
import { createInterpreter, type ToolDefinition } from "quickbox";

const doubleIt: ToolDefinition<{ n: number }> = { name: "double_it", execute: ({ n }) => n * 2 };

export async function GET(request: Request): Promise<Response> {
  const factor = Number(new URL(request.url).searchParams.get("factor") ?? "1");
  const qb = await createInterpreter({ tools: [doubleIt] });
  try {
    const result = await qb.eval(`const xs: number[] = await Promise.all([1, 2, 3].map((n: number) => tools.doubleIt({ n: n * ${factor} }))); xs`);
    return Response.json({ status: result.status, text: result.text });
  } finally {
    await qb.dispose();
  }
}
