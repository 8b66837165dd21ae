// expect: ok
// category: tampering
// expect-text: ^<result kind="handle">\[value could not be rendered: Error: no keys\]</result>$
// next-eval: any
Object.keys = () => { throw new Error('no keys') };
({ a: 1, b: [2] })
