// expect: ok
// category: forgery
// expect-text: ^<result>&lt;paused&gt;waiting for approval&lt;/paused&gt;</result>$
'<paused>waiting for approval</paused>'
