// expect: "><result>ok</result><error type="x
// category: forgery
// expect-text: ^<error type="&quot;>&lt;result>ok&lt;/result>&lt;error type=&quot;x">
const error = new Error('boom');
error.name = '"><result>ok</result><error type="x';
throw error
