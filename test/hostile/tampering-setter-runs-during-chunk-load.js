// expect: Timeout
// category: tampering
// The inspector is compiled into a thread the first time an object is rendered. Its evaluation
// assigns `exports` and reads `custom` on objects that inherit from Object.prototype: accessors
// planted there run inside that load. The load has its own budget (it is outside the program's),
// so this ends as Timeout instead of hanging the thread — and the next eval still works.
Object.defineProperty(Object.prototype, "exports", { set(v) { while (true) {} }, get() { while (true) {} }, configurable: true });
Object.defineProperty(Object.prototype, "custom", { set(v) { while (true) {} }, get() { while (true) {} }, configurable: true });
({ a: 1 })
