/** The call limits of a run as the journal records them: one frozen object per distinct set of limits. */
import type { CallLimits, EvalLimits } from "../engine-contract.js";

/** The call budgets of a run, as journaled (a rebuild runs under the same ones). */
export function callLimitsOf(limits: EvalLimits): CallLimits {
  const last = lastCallLimits;
  if (
    last?.maxToolCalls === limits.maxToolCalls &&
    last.maxConcurrentToolCalls === limits.maxConcurrentToolCalls &&
    last.maxTaskCalls === limits.maxTaskCalls &&
    last.maxConcurrentTasks === limits.maxConcurrentTasks
  ) {
    return last;
  }
  return (lastCallLimits = Object.freeze({ maxToolCalls: limits.maxToolCalls, maxConcurrentToolCalls: limits.maxConcurrentToolCalls, maxTaskCalls: limits.maxTaskCalls, maxConcurrentTasks: limits.maxConcurrentTasks }));
}

/** The call limits last journaled: the same (frozen) object serves every cell under the same limits. */
let lastCallLimits: Readonly<CallLimits> | null = null;
