/**
 * Deterministic PRNG (mulberry32): the demo seed draws the same pictures on every machine and
 * the benchmark's scale generator (bench/scale.mjs) builds the same data on every run. Plain
 * JavaScript so the benchmark can import it without a TypeScript step.
 *
 * @param {number} seed
 * @returns {() => number} a function returning numbers in [0, 1)
 */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
