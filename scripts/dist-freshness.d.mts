/** The repository's root directory (no trailing slash). */
export const repoRoot: string;
/** True when dist/ exists and is newer than src/ and scripts/. */
export function distIsFresh(): boolean;
