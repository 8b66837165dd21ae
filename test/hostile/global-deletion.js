// expect: ok
// category: tampering
for (const name of Object.getOwnPropertyNames(globalThis)) { try { delete globalThis[name] } catch {} }
1 + 1
