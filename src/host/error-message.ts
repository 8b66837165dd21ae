/**
 * The message of whatever a tool threw. Tools may throw anything: null-prototype objects,
 * proxies whose traps throw, objects whose `message` getter or `toString` throws. None of that
 * may escape as a host exception (the call would never settle).
 */
export function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) return String(error.message);
    if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string") {
      return (error as { message: string }).message;
    }
    return String(error);
  } catch {
    try {
      return Object.prototype.toString.call(error);
    } catch {
      return "the tool threw a value that cannot be described";
    }
  }
}
