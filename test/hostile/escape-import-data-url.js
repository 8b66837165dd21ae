// expect: SkillNotAvailable
// category: escape
(await import('data:text/javascript,export default typeof process')).default
