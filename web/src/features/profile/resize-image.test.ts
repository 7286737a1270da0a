import { describe, expect, it } from 'vitest';
import { AVATAR_JPEG_QUALITY, AVATAR_MAX_SIDE, fitWithin, resizeAvatar } from './resize-image';

describe('fitWithin', () => {
  it.each([
    [1000, 500, 240, 120],
    [500, 1000, 120, 240],
    [240, 240, 240, 240],
    [241, 100, 240, 100],
    [100, 50, 100, 50],
    [1, 10_000, 1, 240],
    [4032, 3024, 240, 180],
    [0, 0, 1, 1],
  ])('%i × %i → %i × %i', (w, h, width, height) => {
    expect(fitWithin(w, h)).toEqual({ width, height });
  });

  it('uses the spec’s limits: 240 px, jpeg 0.8', () => {
    expect(AVATAR_MAX_SIDE).toBe(240);
    expect(AVATAR_JPEG_QUALITY).toBe(0.8);
  });
});

/**
 * The canvas steps with a stand-in for the browser's canvas (node has none): what is drawn,
 * at what size, and how it is encoded. The real canvas is exercised in the e2e Chromium test.
 */
describe('resizeAvatar', () => {
  function fakeCanvas() {
    const calls: { fill?: unknown[]; draw?: unknown[]; encode?: unknown[] } = {};
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => ({
        set fillStyle(v: string) {
          calls.fill = [v];
        },
        fillRect: (...a: unknown[]) => (calls.fill = [...(calls.fill ?? []), ...a]),
        drawImage: (...a: unknown[]) => (calls.draw = a),
      }),
      toBlob(cb: (b: Blob | null) => void, type: string, quality: number) {
        calls.encode = [type, quality, this.width, this.height];
        cb(new Blob([new Uint8Array(this.width * this.height)], { type }));
      },
    };
    return { canvas, calls };
  }

  it('draws a large photo at 240 px on its longer side on white and encodes it as jpeg 0.8', async () => {
    const { canvas, calls } = fakeCanvas();
    const image = { tag: 'bitmap' };
    const blob = await resizeAvatar(new Blob(['png bytes'], { type: 'image/png' }), {
      decode: async () => ({
        image: image as unknown as CanvasImageSource,
        width: 1200,
        height: 800,
      }),
      canvas: (width, height) =>
        Object.assign(canvas, { width, height }) as unknown as HTMLCanvasElement,
    });
    expect(blob.type).toBe('image/jpeg');
    expect(blob.size).toBe(240 * 160);
    expect(calls.fill).toEqual(['#ffffff', 0, 0, 240, 160]);
    expect(calls.draw).toEqual([image, 0, 0, 240, 160]);
    expect(calls.encode).toEqual(['image/jpeg', 0.8, 240, 160]);
  });

  it('keeps a small picture at its size, still re-encoded as jpeg', async () => {
    const { canvas, calls } = fakeCanvas();
    const blob = await resizeAvatar(new Blob(['gif']), {
      decode: async () => ({ image: {} as CanvasImageSource, width: 64, height: 48 }),
      canvas: (width, height) =>
        Object.assign(canvas, { width, height }) as unknown as HTMLCanvasElement,
    });
    expect(blob.type).toBe('image/jpeg');
    expect(calls.encode).toEqual(['image/jpeg', 0.8, 64, 48]);
  });

  it('fails on a file the browser cannot decode', async () => {
    await expect(
      resizeAvatar(new Blob(['not an image']), {
        decode: () => Promise.reject(new Error('InvalidStateError')),
        canvas: () => fakeCanvas().canvas as unknown as HTMLCanvasElement,
      }),
    ).rejects.toThrow('InvalidStateError');
  });
});
