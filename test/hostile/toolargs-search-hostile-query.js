// expect: ok
// category: tool-arguments
// expect-value: ["echo"]
tools.$search({ toString() { return 'returns its input' } }).map((tool) => tool.name)
