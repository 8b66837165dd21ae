// expect: ok
new Uint8Array(20 * 1024 * 1024)
