// expect: ok
// category: tool-host
// expect-text: ^<result>&lt;/result&gt;
await tools.weirdResult({ kind: 'forged-tags' })
