import type SharpLibrary from 'sharp';

type Sharp = typeof SharpLibrary;

let loading: Promise<Sharp> | undefined;

/**
 * The image library (sharp, on libvips), loaded at its first use: loading it maps libvips and adds
 * about 20 MiB to the process, which a service that never draws a QR code's PNG, reads a logo or
 * stores a bio page's image does not hold. The first call loads it; every later one gets the same.
 */
export function imageLibrary(): Promise<Sharp> {
  loading ??= import('sharp').then((library) => library.default);
  return loading;
}
