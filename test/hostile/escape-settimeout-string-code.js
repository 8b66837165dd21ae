// expect: TypeError
// category: escape
setTimeout('globalThis.escaped = true', 0);
