import { recommendedMedia } from '@linkcoin/domain/profiles/media.ts';

/** docs/product-spec.md sections 4 and 9: the cropped post image is a JPEG of quality 0.9. */
export const CROP_JPEG_QUALITY = 0.9;
export const CROP_MIME_TYPE = 'image/jpeg';

export type PixelArea = Readonly<{ x: number; y: number; width: number; height: number }>;

export type CropPlan = Readonly<{
  /** The canvas: the platform's recommended width x height. */
  width: number;
  height: number;
  /** The part of the source image drawn onto the whole canvas. */
  source: PixelArea;
}>;

/** The crop frame's aspect ratio for a platform (1 for Instagram, 2:3 for Pinterest…). */
export function cropAspect(platform: string): number {
  const { width, height } = recommendedMedia(platform);
  return width / height;
}

/**
 * How "Crop & Save" draws the chosen area: scaled onto a canvas of the platform's recommended
 * size, whatever the source resolution. The area is clamped to the image.
 */
export function cropPlan(
  platform: string,
  area: PixelArea,
  image: Readonly<{ width: number; height: number }>,
): CropPlan {
  const { width, height } = recommendedMedia(platform);
  const x = Math.min(Math.max(0, Math.round(area.x)), Math.max(0, image.width - 1));
  const y = Math.min(Math.max(0, Math.round(area.y)), Math.max(0, image.height - 1));
  return {
    width,
    height,
    source: {
      x,
      y,
      width: Math.max(1, Math.min(Math.round(area.width), image.width - x)),
      height: Math.max(1, Math.min(Math.round(area.height), image.height - y)),
    },
  };
}
