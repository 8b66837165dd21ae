// expect: ok
// category: rendering
// expect-text: then: \[Function: then\]
// Only a real Promise is awaited: a thenable is the result as it is, and its `then` never runs.
({ then(resolve) { while (true) {} } })
