// expect: ToolInputError
// category: tool-arguments
// An extra property hidden behind "__proto__" is still an extra property.
await tools.strictInput(JSON.parse('{"n": 2, "__proto__": {"admin": true}}'))
