// expect: SkillNotAvailable
// category: escape
(await import('@/skills/../../../etc/passwd')).default
