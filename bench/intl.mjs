// Intl bridge (issue 24 §4): what the guest's locale methods cost the host. Two parts:
//  1. The host side alone: answerIntlRequest (src/engine/intl-bridge.ts, bundled on the fly with
//     rolldown) answering the requests the guest sends, three loops of 1.5 s: µs per call and the
//     growth of this process's RSS (the formatters' ICU memory is native: the GC barely sees it).
//  2. End to end, inline: a program calling the method in a 1.5 s loop (guest + host µs per call).
// Run: npm run build && node bench/intl.mjs
// Another build: QB_SRC=/path/to/repo (part 1) and QB_DIST=/path/to/dist/index.js (part 2).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "rolldown";

const LOOP_MS = 1500;
const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
const request = (op, locales, options, args) => JSON.stringify({ op, locales, options, args });

async function hostSide() {
  const root = process.env.QB_SRC ?? fileURLToPath(new URL("..", import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), "qb-intl-bench-"));
  try {
    const file = join(dir, "intl-bridge.mjs");
    await build({ input: join(root, "src/engine/intl-bridge.ts"), output: { file, format: "esm" }, logLevel: "silent" });
    const { answerIntlRequest } = await import(pathToFileURL(file).href);
    const loops = [
      ["Number toLocaleString, de-DE currency", (i) => request("Number.toLocaleString", ["de-DE"], { style: "currency", currency: "EUR" }, [["n", String(i)]])],
      ["Date toLocaleString, en-GB", (i) => request("Date.toLocaleString", ["en-GB"], {}, [i * 1000])],
      ["localeCompare, de, sensitivity base", (i) => request("String.localeCompare", ["de"], { sensitivity: "base" }, ["ä", `a${i}`])],
    ];
    console.log(`\n1. host side alone (answerIntlRequest), loops of ${LOOP_MS} ms; RSS at start ${mib(process.memoryUsage().rss)} MiB`);
    const startRss = process.memoryUsage().rss;
    for (const [name, make] of loops) {
      const before = process.memoryUsage().rss;
      const end = performance.now() + LOOP_MS;
      let calls = 0;
      while (performance.now() < end) {
        const reply = answerIntlRequest(make(calls));
        if (reply[0] !== "=") throw new Error(`${name}: ${reply}`);
        calls++;
      }
      console.log(`${name.padEnd(40)} ${String(calls).padStart(8)} calls  ${((LOOP_MS * 1000) / calls).toFixed(1).padStart(7)} µs/call  RSS +${mib(process.memoryUsage().rss - before)} MiB`);
    }
    console.log(`RSS growth over the three loops: ${mib(process.memoryUsage().rss - startRss)} MiB`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function endToEnd() {
  const { createInterpreter } = await import(process.env.QB_DIST ? pathToFileURL(process.env.QB_DIST).href : new URL("../dist/index.js", import.meta.url).href);
  const loops = [
    ["Number toLocaleString, de-DE currency", `(n).toLocaleString("de-DE", { style: "currency", currency: "EUR" })`],
    ["Date toLocaleString, en-GB", `new Date(n * 1000).toLocaleString("en-GB")`],
    ["localeCompare, de, sensitivity base", `"ä".localeCompare("a" + n, "de", { sensitivity: "base" })`],
    ["new Intl.DateTimeFormat + format", `new Intl.DateTimeFormat("en-US", { dateStyle: "short" }).format(n)`],
  ];
  const qb = await createInterpreter({ isolation: "inline", clock: "real", timeoutMs: 10_000 });
  await qb.eval("(1).toLocaleString('en-US'); new Date(0).toLocaleString()");
  console.log(`\n2. end to end (inline, guest + host), loops of ${LOOP_MS} ms`);
  for (const [name, call] of loops) {
    const before = process.memoryUsage().rss;
    const result = await qb.eval(`const end = Date.now() + ${LOOP_MS}; let n = 0; while (Date.now() < end) { ${call}; n++ } n`);
    if (result.status !== "ok") throw new Error(`${name}: ${result.text}`);
    console.log(`${name.padEnd(40)} ${String(result.value).padStart(8)} calls  ${((LOOP_MS * 1000) / result.value).toFixed(1).padStart(7)} µs/call  RSS +${mib(process.memoryUsage().rss - before)} MiB`);
  }
  await qb.dispose();
}

await hostSide();
await endToEnd();
