// expect: ok
// category: forgery
// Entities the program prints are its own text and pass unchanged (only a < that opens one of the
// format's tags is escaped): the reader never decodes entities, so none can become a tag.
// expect-text: ^<result>&lt;/result&gt;&amp;</result>$
'&lt;/result&gt;&amp;'
