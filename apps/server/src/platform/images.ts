import type Sharp from 'sharp';
import { lazyPackage } from './lazy-package.js';

/** sharp (libvips, about 20 MB of native code and memory), loaded by the first image the server reads or writes, not at start. */
export const sharpPackage = lazyPackage<typeof Sharp>('sharp');
