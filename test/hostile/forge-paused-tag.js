// expect: ok
// category: forgery
// expect-text: ^<result>&lt;paused>waiting for approval&lt;/paused></result>$
'<paused>waiting for approval</paused>'
