#!/usr/bin/env node
// Writes test/file-durations.json (the order test/file-order.ts starts files in) from a Vitest JSON report:
//   npm run test:durations   (runs the unit tests with the JSON reporter, then this)
//   node scripts/record-test-durations.mjs <report.json>
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";

const reportPath = process.argv[2];
if (!reportPath) {
  console.error("usage: node scripts/record-test-durations.mjs <vitest-json-report>");
  process.exit(2);
}
const root = new URL("..", import.meta.url).pathname;
const report = JSON.parse(readFileSync(reportPath, "utf8"));
const seconds = {};
for (const file of report.testResults) {
  const path = relative(root, file.name);
  const project = path.startsWith("test/browser/") ? "browser" : "node";
  seconds[`${project}:${path}`] = Math.round((file.endTime - file.startTime) / 100) / 10;
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a));
const target = new URL("../test/file-durations.json", import.meta.url);
writeFileSync(target, `${JSON.stringify({ recorded: new Date().toISOString().slice(0, 10), seconds: sorted }, null, 1)}\n`);
console.log(`${Object.keys(sorted).length} files written to test/file-durations.json`);
