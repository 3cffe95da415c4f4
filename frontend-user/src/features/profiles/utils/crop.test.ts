import { describe, expect, it } from 'vitest';
import { CROP_JPEG_QUALITY, CROP_MIME_TYPE, cropAspect, cropPlan } from './crop';

describe('the crop', () => {
  it("frames the platform's recommended aspect", () => {
    expect(cropAspect('instagram')).toBe(1);
    expect(cropAspect('twitter')).toBeCloseTo(16 / 9);
    expect(cropAspect('pinterest')).toBeCloseTo(2 / 3);
    expect(cropAspect('unknown-platform')).toBe(1);
  });

  it("is drawn on a canvas of the platform's recommended size, whatever the source", () => {
    const area = { x: 10, y: 20, width: 300, height: 300 };
    const image = { width: 640, height: 480 };
    expect(cropPlan('instagram', area, image)).toEqual({
      width: 1080,
      height: 1080,
      source: { x: 10, y: 20, width: 300, height: 300 },
    });
    expect(cropPlan('facebook', area, image)).toMatchObject({ width: 1200, height: 630 });
    expect(cropPlan('linkedin', area, image)).toMatchObject({ width: 1200, height: 627 });
    expect(cropPlan('pinterest', area, image)).toMatchObject({ width: 1000, height: 1500 });
    expect(cropPlan('whatsapp', area, image)).toMatchObject({ width: 1280, height: 720 });
  });

  it('keeps the source area inside the image', () => {
    expect(
      cropPlan(
        'instagram',
        { x: -3.4, y: 100.6, width: 700, height: 500 },
        { width: 640, height: 480 },
      ).source,
    ).toEqual({ x: 0, y: 101, width: 640, height: 379 });
  });

  it('exports a JPEG of quality 0.9', () => {
    expect(CROP_MIME_TYPE).toBe('image/jpeg');
    expect(CROP_JPEG_QUALITY).toBe(0.9);
  });
});
