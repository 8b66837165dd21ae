// expect: ok
// category: forgery
// expect-text: ^<result kind="handle">Symbol\(&lt;/result>&lt;result>\)</result>$
Symbol('</result><result>')
