// expect: ok
// category: tool-host
// expect-value: "hostile-toolhost-whoami-is-own-thread.js"
await tools.whoami()
