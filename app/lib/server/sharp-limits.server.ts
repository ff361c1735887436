/**
 * sharp (libvips) for every module that uses it, loaded when first needed, with bounds.
 * The shop runs as one long-lived process held near 200 MB RSS on a 2-core machine, and image
 * work is what made it grow (285–330 MB after seeding the demo and making variants).
 *
 * - No operation cache: libvips would keep up to 50 MB of decoded images and 20 open files
 *   for re-use. Our images are each read a few times at most (the variants of one upload), so
 *   the cache costs memory that glibc seldom gives back and saves a ~10 ms decode.
 * - One libvips thread per image: sharp picks 1 on glibc already, but not on every platform
 *   (musl, macOS take every core); the callers already run at most two images at once.
 */
import type sharpFunction from "sharp";

type SharpModule = typeof sharpFunction;

let loading: Promise<SharpModule> | undefined;

/**
 * sharp, loaded on the first image the process handles, with the bounds above. Not at start:
 * libvips and its threads are ~10 MB of a serving process that may go days without an upload
 * (RSS after a minute of public traffic).
 */
export function loadSharp(): Promise<SharpModule> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
