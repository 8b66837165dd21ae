// expect: ok
// category: reentrancy
// expect-value: ["not a function",1,true,"undefined"]
// JSON that looks like a thenable (and carries __proto__) arrives as plain data.
const result = await tools.returnsThenableLikeJson();
[result.then, result.value, Object.getPrototypeOf(result) === Object.prototype, typeof ({}).then]
