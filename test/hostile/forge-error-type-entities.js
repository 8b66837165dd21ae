// expect: &quot;>
// category: forgery
// expect-text: ^<error type="&amp;quot;>">
const error = new Error('entity');
error.name = '&quot;>';
throw error
