/** The four words of a thread's random generator: from the host's CSPRNG, or expanded from a seed (reproducible runs). */
export function seedWords(seed: number | undefined): number[] {
  if (seed === undefined) return Array.from(crypto.getRandomValues(new Uint32Array(4)));
  // splitmix32 expands one number into four well-mixed words.
  let state = Math.trunc(seed) >>> 0;
  return Array.from({ length: 4 }, () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  });
}
