// expect: SkillNotAvailable
// category: escape
const std = await import('std');
typeof std.popen
