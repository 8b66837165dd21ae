// expect: Timeout
// category: bomb-cpu
try { while (true) {} } finally { while (true) {} }
