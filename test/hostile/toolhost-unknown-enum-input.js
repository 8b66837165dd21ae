// expect: ToolInputError
// category: tool-host
await tools.weirdResult({ kind: 'a kind the host never heard of' })
