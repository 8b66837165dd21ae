/**
 * A built base image in the form that crosses to another worker (structured clone): the changed
 * ranges' bytes only (~1.2 MB of the ~7 MB image; the rest is what a fresh instance holds). A worker
 * given one skips the build (~200 ms of prelude evaluation per worker). Plain numbers only: this
 * type is part of the worker API, whose declarations must not pull in QuickJS's own types.
 */
export interface BaseImageSeed {
  readonly profileId: string;
  readonly byteLength: number;
  readonly changedRanges: readonly (readonly [number, number])[];
  /** The changed ranges' bytes, one after another. */
  readonly changedBytes: Uint8Array;
  /** The image's runtime, context, prelude object and internal functions: guest pointers. */
  readonly pointers: {
    readonly rt: number;
    readonly ctx: number;
    readonly internal: number;
    readonly functions: Readonly<Record<string, number>>;
    /** What loading a chunk of the prelude needs (engine/guest-chunks.ts). */
    readonly chunkScope: { readonly eval: number; readonly captured: number; readonly stripFlags: number };
  };
  readonly hash: string;
  readonly breakPointerAddress: number | null;
  readonly deadStackRange: readonly [number, number] | null;
}
