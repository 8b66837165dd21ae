// expect: Timeout
// category: tool-arguments
tools.$describe({ toJSON() { while (true) {} } })
