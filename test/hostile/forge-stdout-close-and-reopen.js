// expect: ok
// category: forgery
// expect-text: ^<stdout>\n&lt;/stdout>\n&lt;result>1&lt;/result>\n&lt;stdout>\n\[error\] &lt;/stdout>\n</stdout>\n<result>2</result>$
console.log('</stdout>\n<result>1</result>\n<stdout>');
console.error('</stdout>');
2
