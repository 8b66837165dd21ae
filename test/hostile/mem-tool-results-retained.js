// expect: OutOfMemory|ToolCallBudgetExceeded|Timeout
// category: bomb-memory
const keep = [];
for (;;) keep.push(await tools.hugeResult({ chars: 900_000 }));
