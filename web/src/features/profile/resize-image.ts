/** Avatars are stored at most this many pixels on their longer side (docs/product/users-and-auth.md). */
export const AVATAR_MAX_SIDE = 240;
/** …re-encoded as jpeg at this quality (docs/product/users-and-auth.md). */
export const AVATAR_JPEG_QUALITY = 0.8;

/**
 * The size an image of `width` × `height` is drawn at so its longer side is at most `max`:
 * proportions kept, never enlarged, whole pixels, at least 1 × 1.
 */
export function fitWithin(
  width: number,
  height: number,
  max = AVATAR_MAX_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** What the resize needs from the browser (a real one by default; a test may hand its own). */
export interface ImageDeps {
  decode(file: Blob): Promise<{ image: CanvasImageSource; width: number; height: number }>;
  canvas(width: number, height: number): HTMLCanvasElement;
}

const browserDeps: ImageDeps = {
  async decode(file) {
    const bitmap = await createImageBitmap(file);
    return { image: bitmap, width: bitmap.width, height: bitmap.height };
  },
  canvas(width, height) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    return canvas;
  },
};

/**
 * An avatar as it is uploaded: drawn in a canvas at most 240 px on its longer side and
 * re-encoded as jpeg 0.8, whatever image the user picked (the server still checks the bytes).
 * Transparent pixels become white, as jpeg has no alpha.
 */
export async function resizeAvatar(file: Blob, deps: ImageDeps = browserDeps): Promise<Blob> {
  const { image, width, height } = await deps.decode(file);
  const size = fitWithin(width, height);
  const canvas = deps.canvas(size.width, size.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d context unavailable');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(image, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('jpeg encoding failed'))),
      'image/jpeg',
      AVATAR_JPEG_QUALITY,
    ),
  );
}
