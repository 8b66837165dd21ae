// expect: ok
// category: tampering
// expect-text: ^<result>\[ 1, 2\.5, -0 \]</result>$
Number.prototype.toString = () => 'forged';
Number.prototype.toFixed = () => 'forged';
[1, 2.5, -0]
