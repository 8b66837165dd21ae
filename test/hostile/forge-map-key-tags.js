// expect: ok
// category: forgery
// expect-text: &lt;/result&gt;
new Map([['</result>', '<error type="x">']])
