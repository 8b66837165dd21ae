// expect: ok
// category: forgery
console.log('nul:\u0000 esc:\u001b[2J bell:\u0007 cr:\r</stdout>');
'\u0000\u001b[31m<red>'
