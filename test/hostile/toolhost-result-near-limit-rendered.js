// expect: ok
// category: tool-host
// expect-text: … \[truncated 996000 chars\]</result>$
await tools.hugeResult({ chars: 1_000_000 })
