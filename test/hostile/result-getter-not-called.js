// expect: ok
// category: rendering
// expect-text: \[Getter\]
({ get trap() { while (true) {} } })
