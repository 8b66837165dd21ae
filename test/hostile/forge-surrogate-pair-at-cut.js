// expect: ok
// category: forgery
// expect-text: ^<result>x+… \[truncated 2000 chars\]</result>$
// A cut at maxResultChars never splits a surrogate pair.
'x'.repeat(3999) + '😀'.repeat(1000)
