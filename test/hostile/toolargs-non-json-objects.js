// expect: TypeError
// category: tool-arguments
// expect-text: ^<error type="TypeError">echo: the arguments cannot be sent to the host: property "map" is a Map: send Object\.fromEntries\(map\)
// A Map (or Set, or typed array) would arrive as {} through JSON: refused, with what to send instead.
await tools.echo({ date: new Date(0), map: new Map([[1, 2]]), set: new Set([1]), regexp: /x/, bytes: new Uint8Array([1, 2]) })
