// expect: ok|OutOfMemory|Timeout
// category: bomb-output
// console.dir passes its options to inspect: no depth or length limits at all.
console.dir(Array.from({ length: 5_000 }, (_, i) => ({ i, text: 'item' })), { depth: Infinity, maxArrayLength: Infinity, breakLength: Infinity });
'printed'
