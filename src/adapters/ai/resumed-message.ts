/** The message that tells the model how a paused program ended after the user's decision. */
import type { UserModelMessage } from "ai";
import type { CodeToolOutput } from "./types.js";
import { modelText } from "./code-output.js";

export function resumedProgramMessage(output: CodeToolOutput): UserModelMessage {
  return {
    role: "user",
    content: `The paused program (thread "${output.threadId}") continued after my decision:\n${modelText(output)}`,
  };
}
