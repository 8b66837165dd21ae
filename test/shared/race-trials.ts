/**
 * How many trials a race test runs. The counts written in the tests are what every `npm test` runs
 * (CI included); QUICKBOX_RACE_TRIALS_SCALE multiplies them for a soak run, e.g.
 * `QUICKBOX_RACE_TRIALS_SCALE=5 npx vitest run --project node test/node/durable-processes.test.ts`.
 * (Halved on 2026-11-27 to keep `npm test` near 10 minutes on 2 cores: the races are real processes,
 * pages and isolates, and each trial costs ~0.3-1.7 s of CPU; the counts left still cover every
 * variant of each race several times.)
 */
export function raceTrials(trials: number): number {
  const scale = Number(process.env.QUICKBOX_RACE_TRIALS_SCALE);
  return Number.isFinite(scale) && scale > 0 ? Math.max(1, Math.round(trials * scale)) : trials;
}
