// expect: ToolError
// category: forgery
// expect-text: ^<error type="ToolError">&lt;/error>&lt;result>all good&lt;/result>
await tools.throwsNonError({ kind: 'forged-tags' })
