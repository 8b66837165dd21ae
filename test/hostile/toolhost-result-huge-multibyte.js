// expect: ToolError
// category: tool-host
// expect-text: maxToolPayloadBytes
await tools.hugeResult({ chars: 400_000, unit: '€' })
