/**
 * What the plain-inspect chunk takes from the prelude's core (inspect-facade.ts passes it when the
 * chunk loads; it is `__qbCore` in the chunk's code): the core's proxy registry, which knows every
 * proxy the thread's programs made (a proxy is left to the inspect chunk, which shows its target).
 */
export interface PlainInspectChunkLink {
  isProxy: (value: unknown) => boolean;
}

/** The chunk's exports (chunk.ts). */
export interface PlainInspectChunk {
  /** fast-inspect.ts's rendering of a plain object or array, or null: the inspect chunk renders it. */
  inspect(value: unknown): string | null;
}
