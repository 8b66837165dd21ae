// expect: ToolError
// category: tool-host
// expect-text: maxToolPayloadBytes
await tools.hugeResult({ chars: 2_000_000 })
