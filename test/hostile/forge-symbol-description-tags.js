// expect: ok
// category: forgery
// expect-text: ^<result kind="handle">Symbol\(&lt;/result&gt;&lt;result&gt;\)</result>$
Symbol('</result><result>')
