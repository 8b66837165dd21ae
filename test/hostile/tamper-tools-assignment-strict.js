// expect: TypeError
// category: tampering
'use strict';
(() => { 'use strict'; tools.echo = () => 'replaced' })()
