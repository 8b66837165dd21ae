/**
 * Math.random replacement: sfc32, a small, fast PRNG whose whole state is four uint32 words
 * kept on the guest heap (so it survives snapshots and forks deterministically).
 */
export interface RandomSource {
  random(): number;
  /** The next 32 bits of the same stream (crypto.getRandomValues / randomUUID draw from it too). */
  nextUint32(): number;
  seed(words: readonly number[]): void;
}

export function createRandomSource(): RandomSource {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = 1;
  function next(): number {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  }
  return {
    nextUint32: next,
    // 53 random bits, like V8's Math.random resolution.
    random: function random(): number {
      const high = next() >>> 5;
      const low = next() >>> 6;
      return (high * 67108864 + low) / 9007199254740992;
    },
    seed(words) {
      a = words[0]! >>> 0; b = words[1]! >>> 0; c = words[2]! >>> 0; d = (words[3]! >>> 0) || 1;
      for (let i = 0; i < 15; i++) next();
    },
  };
}
