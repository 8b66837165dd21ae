/** A schema's complaints about a value, as the program and the model read them (kept apart from the validator, which loads on first use). */
export interface SchemaIssue {
  /** Where in the value, e.g. "query" or "items[2].id"; "" for the value itself. */
  path: string;
  message: string;
}

export function describeIssues(issues: SchemaIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
    .join("; ");
}
