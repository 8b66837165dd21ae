/**
 * What a program's tool calls need from the run that started or resumed it: the run's context
 * (the tools' `runContext`, their approvals) and where a failure that must end the run is kept.
 * One scope per code tool call (by the SDK's call id), and the scope of the program running on a
 * thread (the adapter runs one program per thread at a time).
 */
import type { RunContext } from "@openai/agents";

export interface CodeCallScope {
  runContext: RunContext<unknown>;
  /** The thread a new program of this call runs in. */
  threadId: string;
  /** An error that ends the whole run (not only the program), rethrown once the program stopped. */
  failure?: { error: unknown };
}

export class ProgramScopes {
  readonly byCall = new Map<string, CodeCallScope>();
  readonly byThread = new Map<string, CodeCallScope>();
}
