import { Mp3Encoder } from '@breezystack/lamejs';

/** The bit rate of every recorded voice message (docs/product/tickets.md#limits-and-constants "audio MP3 at 128 kbps"). */
export const MP3_KBPS = 128;

/** Samples handed to the encoder at a time (a multiple of an MP3 frame's 1152). */
const BLOCK = 1152 * 10;

/** Decoded audio as Web Audio gives it: one Float32Array of -1…1 samples per channel. */
export interface Pcm {
  sampleRate: number;
  channels: Float32Array[];
}

/** -1…1 floats as the 16-bit samples LAME takes. */
function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

/** One channel: the channels' average (a voice message needs no stereo). */
function mixDown(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]!;
  const out = new Float32Array(channels[0]?.length ?? 0);
  for (const channel of channels)
    for (let i = 0; i < out.length; i++) out[i]! += channel[i]! / channels.length;
  return out;
}

/**
 * Encodes PCM as a mono MP3 at 128 kbps (constant bit rate) with LAME (`@breezystack/lamejs`,
 * the maintained ES-module build of lamejs). The sample rate must be one MP3 has (44100 and
 * 48000 are what browsers decode to).
 */
export function encodeMp3(pcm: Pcm): Uint8Array<ArrayBuffer> {
  const encoder = new Mp3Encoder(1, pcm.sampleRate, MP3_KBPS);
  const samples = toInt16(mixDown(pcm.channels));
  const parts: Uint8Array[] = [];
  for (let at = 0; at < samples.length; at += BLOCK)
    parts.push(encoder.encodeBuffer(samples.subarray(at, at + BLOCK)));
  parts.push(encoder.flush());
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
