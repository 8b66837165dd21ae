// Next.js 16 with its defaults (Turbopack): `next build`, then `next start`; check-webpack.mjs runs
// the same with `next build --webpack`.
// - The build output holds the QuickJS wasm once per side (client: .next/static, server:
//   .next/server, where at most once) and no unbundled copy of a package module.
// - The page's client component runs a program in a Web Worker, driven in Chromium.
// - The route handlers run one in a worker_thread (app/api/eval/route.ts, the default isolation)
//   and inline (app/api/eval-inline/route.ts); Node fetches their JSON.
import { join } from "node:path";
import { copiesOf, describeFiles, expectEqual, expectPageRanProgram, unbundledCopies } from "../harness/expect.mjs";
import { tail } from "../harness/processes.mjs";

const env = { NEXT_TELEMETRY_DISABLED: "1" };

export default function check(t) {
  return nextFlow(t, { buildArgs: [] });
}

export async function nextFlow(t, { buildArgs }) {
  const next = join(t.dir, "node_modules/next/dist/bin/next"); // the app's own copy (see setups.mjs)
  await t.step(["next build", ...buildArgs].join(" "), () => t.exec(process.execPath, [next, "build", ...buildArgs], { env, timeoutMs: 360_000 }));
  await t.verify(() => expectNextOutput(join(t.dir, ".next"), t.quickbox));
  const port = await t.freePort();
  const url = `http://127.0.0.1:${port}/`;
  const server = await t.step("next start", () =>
    t.server(process.execPath, [next, "start", "--hostname", "127.0.0.1", "--port", String(port)], { env, ready: url }),
  );
  for (const route of ["api/eval", "api/eval-inline"]) {
    await t.verify(async () => {
      const response = await t.step(`route handler ${route}`, () => fetch(`${url}${route}?factor=2`));
      const body = await response.text();
      if (response.status !== 200) {
        throw new Error(`GET /${route} answered ${response.status} ${body.slice(0, 200)}; next start printed:\n${serverError(server.output())}`);
      }
      const { status, text } = JSON.parse(body);
      expectEqual(`${status} ${text}`, "ok <result>[ 4, 8, 12 ]</result>", `GET /${route}`);
    });
  }
  const result = await t.step("page", () => t.page(url));
  t.note(`worker: ${result.workers.join(", ") || "none"}`);
  expectPageRanProgram(result);
}

function expectNextOutput(dir, quickbox) {
  const problems = [];
  const client = copiesOf(join(dir, "static"), quickbox.wasmSha256);
  const server = copiesOf(join(dir, "server"), quickbox.wasmSha256);
  if (client.length !== 1) problems.push(`expected the quickjs wasm once in .next/static, found ${client.length}: ${describeFiles(join(dir, "static"), client) || "none"}`);
  if (server.length > 1) problems.push(`expected the quickjs wasm at most once in .next/server, found ${server.length}: ${describeFiles(join(dir, "server"), server)}`);
  const unbundled = unbundledCopies(dir, quickbox, ["cache"]);
  if (unbundled.length > 0) problems.push(`package modules copied unbundled (they import their siblings by relative path): ${describeFiles(dir, unbundled)}`);
  if (problems.length > 0) throw new Error(problems.join("\n"));
}

/** The error `next start` printed for a failed request (from its "⨯" line), or its last lines. */
function serverError(output) {
  const at = output.indexOf("⨯");
  return at >= 0 ? output.slice(at).split("\n").slice(0, 8).join("\n") : tail(output, 12);
}
