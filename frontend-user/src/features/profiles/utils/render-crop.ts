import { CROP_JPEG_QUALITY, CROP_MIME_TYPE, cropPlan, type PixelArea } from './crop';

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = url;
  });
}

/**
 * Draws the cropped area on a canvas of the platform's recommended size and exports it as a
 * JPEG of quality 0.9 (docs/product-spec.md section 4, "Past post flow").
 */
export async function renderCrop(
  imageUrl: string,
  platform: string,
  area: PixelArea,
): Promise<Blob> {
  const image = await loadImage(imageUrl);
  const plan = cropPlan(platform, area, { width: image.naturalWidth, height: image.naturalHeight });
  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images');
  // JPEG has no transparency: transparent parts of a PNG become white rather than black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, plan.width, plan.height);
  context.imageSmoothingQuality = 'high';
  const { source } = plan;
  context.drawImage(
    image,
    source.x,
    source.y,
    source.width,
    source.height,
    0,
    0,
    plan.width,
    plan.height,
  );
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be exported'))),
      CROP_MIME_TYPE,
      CROP_JPEG_QUALITY,
    );
  });
}
