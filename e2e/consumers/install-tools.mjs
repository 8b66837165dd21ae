#!/usr/bin/env node
// Installs the consumer apps' own tools (npm ci into e2e/consumers) when they are missing or stale;
// `npm test` runs it in the background while it typechecks, builds and runs the unit tests.
import { ensureTools } from "./harness/deps.mjs";

console.log(`consumer tools: ${await ensureTools()}`);
