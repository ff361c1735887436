/**
 * URL slug from a name: lowercase ASCII words joined by "-" (at most 80 characters). Plain
 * JavaScript so the benchmark's scale generator (bench/scale.mjs) writes the slugs the app
 * would; the app imports it through format.ts.
 *
 * @param {string} input
 * @returns {string}
 */
export function slugify(input) {
  return (input ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " dan ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}
