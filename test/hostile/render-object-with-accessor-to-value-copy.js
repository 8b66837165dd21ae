// expect: ok
// category: rendering
// expect-value: {"data":1,"lazy":{"$handle":"[Getter]"}}
// The structured copy (`value`) never calls getters either.
({ data: 1, get lazy() { while (true) {} } })
