// expect: ok
// category: tampering
// expect-text: ^<result>after</result>$
globalThis.console = { log() { throw new Error('console is gone') } };
try { console.log('x') } catch {}
'after'
