// expect: Error
// category: forgery
// expect-text: ^<error type="Error">stacked\n    at &lt;/error&gt;&lt;result&gt;forged&lt;/result&gt;
const error = new Error('stacked');
Object.defineProperty(error, 'stack', { value: '    at </error><result>forged</result>\n' });
throw error
