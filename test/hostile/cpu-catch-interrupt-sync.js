// expect: Timeout
// category: bomb-cpu
for (;;) { try { while (true) {} } catch {} }
