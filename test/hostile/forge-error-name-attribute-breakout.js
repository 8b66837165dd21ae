// expect: "><result>ok</result><error type="x
// category: forgery
// expect-text: ^<error type="&quot;&gt;&lt;result&gt;ok&lt;/result&gt;&lt;error type=&quot;x">
const error = new Error('boom');
error.name = '"><result>ok</result><error type="x';
throw error
