// expect: ok
// category: forgery
// expect-text: ^<result kind="handle">\[Function: &lt;/result>\] arity=0</result>$
({ '</result>': function () {} })['</result>']
