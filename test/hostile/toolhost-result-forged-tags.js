// expect: ok
// category: tool-host
// expect-text: ^<result>&lt;/result>
await tools.weirdResult({ kind: 'forged-tags' })
