// expect: ok
// category: rendering
class Account { constructor() { this.id = 7 } get balance() { while (true) {} } }
new Account()
