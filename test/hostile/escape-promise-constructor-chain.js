// expect: ok
// category: escape
// expect-value: "undefined"
Promise.resolve().then.constructor('return typeof Deno')()
