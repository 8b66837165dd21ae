// expect: ok
// category: rendering
new Uint8Array(20 * 1024 * 1024)
