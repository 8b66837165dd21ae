// expect: SkillNotAvailable
// category: escape
import * as os from 'os';
typeof os.exec
