// expect: ToolError
// category: tool-host
// expect-text: a getter ran on the host
await tools.weirdResult({ kind: 'throwing-getter' })
