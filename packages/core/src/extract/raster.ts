/**
 * A raster the extractors and fixtures share: 8-bit samples, row-major, `channels` per pixel
 * (1 grey, 3 RGB, 4 RGBA), the layout unpdf's `extractImages` returns for embedded pictures.
 */
export interface Raster {
  width: number;
  height: number;
  channels: 1 | 3 | 4;
  data: Uint8Array | Uint8ClampedArray;
}
