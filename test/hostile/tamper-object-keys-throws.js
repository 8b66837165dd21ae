// expect: ok
// category: tampering
// expect-text: ^<result>\{ a: 1, b: \[ 2 \] \}</result>$
// The renderer and the inspector read the Object.keys the thread started with (as Node's util.inspect does).
// next-eval: any
Object.keys = () => { throw new Error('no keys') };
({ a: 1, b: [2] })
