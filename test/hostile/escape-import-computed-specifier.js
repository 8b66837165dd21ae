// expect: SkillNotAvailable
// category: escape
const name = ['no', 'de:fs'].join('');
(await import(name)).readFileSync
