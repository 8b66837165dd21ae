// expect: ok
// category: escape
// expect-text: ^<result>\[ 3, 'undefined' \]</result>$
[eval('1 + 2'), eval('typeof fetch')]
