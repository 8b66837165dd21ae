// expect: Error
// category: forgery
// expect-text: ^<error type="Error">stacked\n    at &lt;/error>&lt;result>forged&lt;/result>
const error = new Error('stacked');
Object.defineProperty(error, 'stack', { value: '    at </error><result>forged</result>\n' });
throw error
