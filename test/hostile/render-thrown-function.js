// expect: Error
// category: rendering
throw function secret() { while (true) {} }
