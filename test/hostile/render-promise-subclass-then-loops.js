// expect: ok|Timeout
// category: rendering
class Looping extends Promise {
  then() { while (true) {} }
}
Looping.resolve(7)
