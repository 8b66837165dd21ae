// expect: Timeout
// category: bomb-cpu
while (true) {}
