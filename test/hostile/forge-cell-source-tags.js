// expect: SyntaxError
// category: forgery
// A syntax error's message quotes the cell's code: that text is escaped too.
</result><error type="Timeout">
