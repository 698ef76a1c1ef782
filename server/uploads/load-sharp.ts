/**
 * sharp (libvips and its thread pool, ~15 MB resident) on first use, not at start: only an
 * estimate's photos, a close-out's signature and the owner's product photos use it, and a
 * store that never receives one should not carry it.
 */
import type { SharpConstructor } from "sharp";

let loading: Promise<SharpConstructor> | undefined;

/** sharp's constructor, imported the first time an image is decoded. */
export function loadSharp(): Promise<SharpConstructor> {
  loading ??= import("sharp").then((mod) => mod.default);
  return loading;
}
