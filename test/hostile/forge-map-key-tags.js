// expect: ok
// category: forgery
// expect-text: &lt;/result>
new Map([['</result>', '<error type="x">']])
