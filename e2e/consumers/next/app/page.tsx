"use client";
// A client component that runs a program in the browser with the default isolation (a Web
// Worker) once the page has mounted, and shows the wire text.
import { useEffect, useState } from "react";
import { createInterpreter, type ToolDefinition } from "quickbox";

const doubleIt: ToolDefinition<{ n: number }> = { name: "double_it", execute: ({ n }) => n * 2 };

export default function Home() {
  const [out, setOut] = useState<{ status: string; text: string } | null>(null);
  useEffect(() => {
    const run = async () => {
      const qb = await createInterpreter({ tools: [doubleIt] });
      try {
        const result = await qb.eval("const xs: number[] = await Promise.all([1, 2, 3].map((n: number) => tools.doubleIt({ n }))); xs");
        setOut({ status: result.status, text: result.text });
      } finally {
        await qb.dispose();
      }
    };
    run().catch((error: unknown) =>
      setOut({ status: "threw", text: error instanceof Error ? (error.stack ?? String(error)) : String(error) }),
    );
  }, []);
  return (
    <pre id="out" data-status={out?.status}>
      {out?.text ?? "running…"}
    </pre>
  );
}
