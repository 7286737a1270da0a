import fs from 'node:fs';
import { parseBuffer } from 'music-metadata';
import OpusScript from 'opusscript';
import { describe, expect, it } from 'vitest';
import { audioMessageFor, VOICE_NOTE_MIMETYPE } from '../src/voice-note.js';

/**
 * Voice notes from real recordings (test/fixtures/README.md says how each was made): Chrome's
 * MediaRecorder WebM/Opus, opusenc's Ogg/Opus, lame's MP3, sox's Ogg/Vorbis. What comes out is
 * read back with parsers that share no code with the remux: the Ogg pages (and their CRCs) and the
 * WebM blocks by the small readers below, durations and channels by music-metadata (what Baileys
 * itself reads a voice note's length with).
 */
const fixture = (name: string) => fs.readFileSync(new URL(`fixtures/${name}`, import.meta.url));

/** The Ogg CRC-32 (RFC 3533: polynomial 0x04c11db7, not reflected, initial 0). */
const CRC_TABLE = Array.from({ length: 256 }, (_, i) => {
  let r = i << 24;
  for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});
function oggCrc(page: Buffer): number {
  let crc = 0;
  for (const byte of page) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

interface OggPage {
  granule: bigint;
  flags: number;
  serial: number;
}
/** The pages and packets of a one-stream Ogg file; throws on a bad capture pattern or CRC. */
function readOgg(b: Buffer): { pages: OggPage[]; packets: Buffer[] } {
  const pages: OggPage[] = [];
  const packets: Buffer[] = [];
  let partial: Buffer[] = [];
  let at = 0;
  while (at < b.length) {
    if (b.toString('latin1', at, at + 4) !== 'OggS') throw new Error(`no page at ${at}`);
    const segments = b[at + 26]!;
    const lacing = [...b.subarray(at + 27, at + 27 + segments)];
    const size = 27 + segments + lacing.reduce((a, v) => a + v, 0);
    const page = Buffer.from(b.subarray(at, at + size));
    const stored = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    if (oggCrc(page) !== stored) throw new Error(`bad CRC on the page at ${at}`);
    pages.push({
      granule: b.readBigInt64LE(at + 6),
      flags: b[at + 5]!,
      serial: b.readUInt32LE(at + 14),
    });
    let data = at + 27 + segments;
    for (const v of lacing) {
      partial.push(b.subarray(data, data + v));
      data += v;
      if (v < 255) {
        packets.push(Buffer.concat(partial));
        partial = [];
      }
    }
    at += size;
  }
  return { pages, packets };
}

/** The samples (at 48 kHz) one Opus packet decodes to, from its TOC byte (RFC 6716 §3.1). */
function opusSamples(p: Buffer): number {
  const config = p[0]! >> 3;
  const frameMs =
    config < 12
      ? [10, 20, 40, 60][config % 4]!
      : config < 16
        ? [10, 20][config % 2]!
        : [2.5, 5, 10, 20][config % 4]!;
  const code = p[0]! & 3;
  const frames = code === 0 ? 1 : code === 3 ? p[1]! & 0x3f : 2;
  return frames * frameMs * 48;
}

/** An EBML variable-size integer at `at`: its length and value (marker bit dropped). */
function vint(b: Buffer, at: number): { len: number; value: number } {
  let len = 1;
  while (len <= 8 && !(b[at]! & (0x80 >> (len - 1)))) len++;
  let value = b[at]! & (0xff >> len);
  for (let i = 1; i < len; i++) value = value * 256 + b[at + i]!;
  return { len, value };
}
/**
 * The Opus packets (SimpleBlock frames) and CodecPrivate of a WebM file as Chrome writes it (one
 * track, no lacing): masters are entered, other elements skipped; unknown sizes (a live
 * recording's Segment and Clusters) run to the end.
 */
function readWebm(b: Buffer): { codecPrivate: Buffer; packets: Buffer[] } {
  const MASTERS = new Set([0x18538067, 0x1654ae6b, 0xae, 0x1f43b675, 0xa0]);
  const packets: Buffer[] = [];
  let codecPrivate: Buffer = Buffer.alloc(0);
  let at = 0;
  while (at < b.length) {
    const idLen = vint(b, at).len;
    const id = b.readUIntBE(at, idLen);
    const size = vint(b, at + idLen);
    const body = at + idLen + size.len;
    const unknown = size.value === 2 ** (7 * size.len) - 1;
    if (MASTERS.has(id)) {
      at = body;
      continue;
    }
    const end = unknown ? b.length : body + size.value;
    if (id === 0x63a2) codecPrivate = b.subarray(body, end);
    if (id === 0xa3 || id === 0xa1) packets.push(b.subarray(body + vint(b, body).len + 3, end));
    at = end;
  }
  return { codecPrivate, packets };
}

/** The RMS of s16le PCM. */
const rms = (pcm: Buffer) => {
  let sum = 0;
  for (let i = 0; i < pcm.length; i += 2) sum += pcm.readInt16LE(i) ** 2;
  return Math.sqrt(sum / (pcm.length / 2));
};

describe('voice notes', () => {
  it("remuxes Chrome's WebM/Opus recording into Ogg/Opus, packet for packet", async () => {
    const webm = fixture('chrome-recording.webm');
    const source = readWebm(webm);
    const sent = await audioMessageFor(webm);
    expect(sent).toMatchObject({ mimetype: VOICE_NOTE_MIMETYPE, ptt: true });
    expect(VOICE_NOTE_MIMETYPE).toBe('audio/ogg; codecs=opus');
    const ogg = sent!.audio;
    expect(ogg.toString('latin1', 0, 4)).toBe('OggS');

    const { pages, packets } = readOgg(ogg);
    // OpusHead: the recording's own (1 channel, its pre-skip and rate), on its own first page.
    expect(packets[0]!.toString('latin1', 0, 8)).toBe('OpusHead');
    expect(packets[0]).toEqual(source.codecPrivate);
    expect(packets[0]![9]).toBe(1);
    expect(packets[1]!.toString('latin1', 0, 8)).toBe('OpusTags');
    expect(pages[0]!.flags & 2).toBe(2); // beginning of stream
    expect(pages.at(-1)!.flags & 4).toBe(4); // end of stream
    expect(new Set(pages.map((p) => p.serial)).size).toBe(1);
    // Every Opus packet, byte for byte, in order: nothing re-encoded.
    expect(source.packets.length).toBeGreaterThan(20);
    expect(packets.slice(2)).toEqual(source.packets);
    // Granule positions count decoded samples, the pre-skip included (RFC 7845 §4): the last
    // page's is every packet's samples (Chrome's recording has no end trimming).
    const samples = source.packets.reduce((a, p) => a + opusSamples(p), 0);
    expect(pages.at(-1)!.granule).toBe(BigInt(samples));
    expect(pages.slice(2).every((p, i, all) => i === 0 || p.granule > all[i - 1]!.granule)).toBe(
      true,
    );

    const before = (await parseBuffer(webm)).format;
    const after = (await parseBuffer(ogg, { mimeType: 'audio/ogg' })).format;
    expect(after).toMatchObject({ container: 'Ogg', codec: 'Opus', numberOfChannels: 1 });
    expect(after.duration! / before.duration!).toBeGreaterThan(0.9);
    expect(after.duration! / before.duration!).toBeLessThan(1.1);
  });

  it('mixes a stereo recording down to a mono voice note of the same length', async () => {
    const webm = fixture('chrome-recording-stereo.webm');
    expect(readWebm(webm).codecPrivate[9]).toBe(2);
    const sent = await audioMessageFor(webm);
    expect(sent).toMatchObject({ mimetype: VOICE_NOTE_MIMETYPE, ptt: true });
    const { packets } = readOgg(sent!.audio);
    expect(packets[0]![9]).toBe(1); // channels
    expect(packets[0]!.readUInt16LE(10)).toBe(312); // the encoder's lookahead as pre-skip
    const before = (await parseBuffer(webm)).format;
    const after = (await parseBuffer(sent!.audio, { mimeType: 'audio/ogg' })).format;
    expect(after).toMatchObject({ codec: 'Opus', numberOfChannels: 1 });
    expect(after.duration! / before.duration!).toBeGreaterThan(0.9);
    expect(after.duration! / before.duration!).toBeLessThan(1.1);
    // It still sounds: the two tones, mixed, decode to a loud signal.
    const decoder = new OpusScript(48000, 1);
    try {
      const pcm = Buffer.concat(packets.slice(2).map((p) => decoder.decode(p)));
      expect(rms(pcm.subarray(48000))).toBeGreaterThan(2000);
    } finally {
      decoder.delete();
    }
  });

  it('sends a mono Ogg/Opus file as it is, as a voice note', async () => {
    const ogg = fixture('opusenc-mono.ogg');
    const sent = await audioMessageFor(ogg);
    expect(sent).toEqual({ audio: ogg, mimetype: 'audio/ogg; codecs=opus', ptt: true });
  });

  it('mixes a stereo Ogg/Opus file down to mono', async () => {
    const ogg = fixture('opusenc-stereo.ogg');
    const sent = await audioMessageFor(ogg);
    expect(sent).toMatchObject({ mimetype: VOICE_NOTE_MIMETYPE, ptt: true });
    const after = (await parseBuffer(sent!.audio, { mimeType: 'audio/ogg' })).format;
    const before = (await parseBuffer(ogg, { mimeType: 'audio/ogg' })).format;
    expect(before.numberOfChannels).toBe(2);
    expect(after.numberOfChannels).toBe(1);
    // To the sample: the source's pre-skip and end trimming, the encoder's lookahead flushed.
    expect(after.duration).toBe(before.duration);
  });

  it('sends an MP3 or an Ogg/Vorbis as a plain audio, and knows no other bytes', async () => {
    const mp3 = fixture('recording.mp3');
    expect(await audioMessageFor(mp3)).toEqual({ audio: mp3, mimetype: 'audio/mpeg', ptt: false });
    const vorbis = fixture('vorbis.ogg');
    expect(await audioMessageFor(vorbis)).toEqual({
      audio: vorbis,
      mimetype: 'audio/ogg',
      ptt: false,
    });
    expect(await audioMessageFor(Buffer.from('RIFF....WAVEfmt '))).toBeNull();
    expect(await audioMessageFor(Buffer.from('OggS'))).toBeNull();
  });
});
