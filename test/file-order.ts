/**
 * The order test files start in (Vitest's `sequence.sequencer`): longest first, so that the last files to
 * start are short ones and a run does not end on one long file while the other workers idle.
 *
 * Vitest's own order reads its cache of the previous run's durations; a fresh clone (CI) has no cache and
 * falls back to file size, which started a three-minute file near the end. test/file-durations.json holds
 * the durations of a whole run (`npm run test:durations` rewrites it). The local cache wins where it has a
 * file (it is this machine's latest run); a file in neither (a new one) starts first, as Vitest does.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

type DurationsSeconds = Record<string, number>;

const recorded = JSON.parse(readFileSync(new URL("./file-durations.json", import.meta.url), "utf8")) as { seconds: DurationsSeconds };

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const durationMs = (spec: TestSpecification): number => {
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key)?.duration;
      if (cached !== undefined) return cached;
      const seconds = recorded.seconds[key];
      return seconds === undefined ? Number.POSITIVE_INFINITY : seconds * 1000;
    };
    return [...files].sort((a, b) => {
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      return durationMs(b) - durationMs(a);
    });
  }
}
