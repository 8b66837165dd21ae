// expect: ok
// category: rendering
// expect-text: ^<result kind="handle">
class Evil extends Promise {
  static get [Symbol.species]() { throw new Error('species') }
}
Evil.resolve(7)
