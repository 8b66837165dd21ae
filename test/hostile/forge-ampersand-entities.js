// expect: ok
// category: forgery
// Pre-escaped entities are escaped again: the reader cannot be made to decode a tag.
// expect-text: ^<result>&amp;lt;/result&amp;gt;&amp;amp;</result>$
'&lt;/result&gt;&amp;'
