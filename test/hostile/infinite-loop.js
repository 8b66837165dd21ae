// expect: Timeout
while (true) {}
