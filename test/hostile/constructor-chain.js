// expect: ok
// category: escape
// expect-text: ^<result>\[ 'undefined', 'undefined', 'undefined' \]</result>$
const g = (function () {}).constructor('return this')();
const g2 = [].constructor.constructor('return globalThis')();
[typeof g.process, typeof g2.require, typeof Function('return this')().fetch]
