// expect: Timeout
// category: tool-host
// expect-text: wallTimeoutMs
await tools.neverResolves()
