// expect: ok
// expect-text: \[Getter\]
({ get trap() { while (true) {} } })
