// From this module's start: createInterpreter() (default isolation: a worker), then eval("1+1").
import { createInterpreter } from "quickbox";

const moduleStartMs = performance.now();
const qb = await createInterpreter();
const createdMs = performance.now();
const result = await qb.eval("1+1");
const firstResultMs = performance.now();
window.coldStart = { moduleStartMs, createMs: createdMs - moduleStartMs, firstResultMs: firstResultMs - moduleStartMs, text: result.text };
// The bench listens for this line (a console message: no script of its own runs in the page meanwhile).
console.log(`coldStart ${JSON.stringify(window.coldStart)}`);
