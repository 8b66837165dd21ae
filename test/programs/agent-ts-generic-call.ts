// convention: agent
// tools: none
// A TypeScript agent cell whose only TypeScript is explicit type arguments on calls: `Array.from<number>(…)`, `pick<string>(…)`.
// (Read as JavaScript the same text also parses — as comparisons — so only TypeScript gives it its meaning.)
const sorted = Array.from<number>(new Set([3, 1, 3, 2])).sort();
const pick = (values) => values[0];
const first = pick<string>(["a", "b"]);
({ sorted, first })
