// expect: ok
// category: rendering
// expect-text: ^<result kind="handle">WeakMap \{ &lt;items unknown&gt; \}</result>$
new WeakMap([[{}, 1]])
