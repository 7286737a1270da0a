import { describe, expect, it } from 'vitest';
import { encodeMp3 } from './mp3';

/** MPEG-1 Layer III bit rates by the header's 4-bit index (ISO/IEC 11172-3). */
const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

function tone(sampleRate: number, seconds: number, channels = 1): Float32Array[] {
  return Array.from({ length: channels }, () => {
    const out = new Float32Array(Math.round(sampleRate * seconds));
    for (let i = 0; i < out.length; i++)
      out[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / sampleRate);
    return out;
  });
}

/** Every frame header of a constant-bit-rate MPEG-1 Layer III stream, walking frame by frame. */
function frames(mp3: Uint8Array, sampleRate: number) {
  const headers: { kbps: number; mono: boolean }[] = [];
  let at = 0;
  while (at + 4 <= mp3.length) {
    const [b0, b1, b2, b3] = [mp3[at]!, mp3[at + 1]!, mp3[at + 2]!, mp3[at + 3]!];
    expect(b0, `sync at ${at}`).toBe(0xff);
    expect(b1 & 0xfe, 'MPEG-1 Layer III').toBe(0xfa);
    const kbps = MPEG1_L3_KBPS[b2 >> 4]!;
    const padding = (b2 >> 1) & 1;
    headers.push({ kbps, mono: b3 >> 6 === 3 });
    at += Math.floor((144 * kbps * 1000) / sampleRate) + padding;
  }
  return headers;
}

describe('encodeMp3', () => {
  it.each([44100, 48000])(
    'writes MPEG-1 Layer III frames at 128 kbps, mono, from %i Hz',
    (rate) => {
      const mp3 = encodeMp3({ sampleRate: rate, channels: tone(rate, 1.5, 2) });
      const headers = frames(mp3, rate);
      expect(headers.length).toBeGreaterThan(50);
      expect(headers.every((h) => h.kbps === 128 && h.mono)).toBe(true);
      // constant 128 kbps: 16000 bytes a second
      expect(mp3.length / 1.5).toBeGreaterThan(15_000);
      expect(mp3.length / 1.5).toBeLessThan(17_500);
    },
  );
});
