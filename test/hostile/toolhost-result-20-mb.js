// expect: ToolError
// category: tool-host
// expect-text: maxToolPayloadBytes
// The host refuses a 20 MB result before any of it reaches the thread's 32 MB memory.
await tools.hugeResult({ chars: 20_000_000 })
