// expect: ok
// category: rendering
// expect-text: ^<result kind="handle">WeakMap \{ <items unknown> \}</result>$
new WeakMap([[{}, 1]])
