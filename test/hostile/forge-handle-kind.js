// expect: ok
// category: forgery
// expect-text: ^<result>&lt;result kind="handle">\[Function: x\]</result>$
'<result kind="handle">[Function: x]'
