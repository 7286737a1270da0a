import type { EncodedPacket } from 'mediabunny';

/**
 * Voice notes that play on the customer's phone. WhatsApp plays a voice note (ptt) only as Ogg/Opus,
 * mono, sent as `audio/ogg; codecs=opus`; anything else sent as ptt shows as a note that does not
 * play. What the console records, by browser:
 *
 * - Chrome and Edge: WebM/Opus (`audio/webm;codecs=opus`). The Opus packets are what WhatsApp
 *   wants, only in the wrong container: they are copied into Ogg pages as they are (a remux, no
 *   re-encoding, nothing lost), with the recording's own OpusHead (channels, pre-skip, rate).
 * - Firefox: Ogg/Opus, sent as it is.
 * - An MP3 (or any other audio) goes as a plain audio message (ptt false): phones play an MP3 audio
 *   file, but not an MP3 sent as a voice note; re-encoding it to Opus would need an MP3 decoder
 *   and an Opus encoder for no gain to the customer, who hears it either way.
 *
 * A stereo Opus recording (a stereo microphone with the browser's processing off, a stereo file)
 * is decoded, mixed down to mono and encoded again with libopus (opusscript, WebAssembly): the
 * one case that re-encodes, since an Opus packet's channels cannot be changed without decoding.
 *
 * The libraries (mediabunny for WebM/Ogg, opusscript for the downmix) are imported on the first
 * note that needs them, not when the session starts: an idle session stays small (once loaded,
 * mediabunny adds about 16 MB of RSS, opusscript about 2 MB; a mono Ogg loads neither).
 */

/** The type WhatsApp wants for a voice note. */
export const VOICE_NOTE_MIMETYPE = 'audio/ogg; codecs=opus';

/** What Baileys sends for an audio message. */
export interface AudioMessage {
  audio: Buffer;
  mimetype: string;
  ptt: boolean;
}

/** The fields of an Opus identification header (RFC 7845 §5.1) that matter here. */
interface OpusHead {
  channels: number;
  preSkip: number;
  inputSampleRate: number;
  outputGain: number;
  mappingFamily: number;
}

/** Opus always decodes at 48 kHz; granule positions and pre-skip count 48 kHz samples. */
const OPUS_RATE = 48_000;
/** The mono re-encode's frames: 20 ms, libopus' default and WhatsApp's own. */
const FRAME = 960;
/**
 * libopus' encoder lookahead at 48 kHz (2.5 ms plus 4 ms of delay compensation): the samples the
 * decoder must drop first, written as the pre-skip (what opusenc writes too).
 */
const ENCODER_LOOKAHEAD = 312;
/** The mono re-encode's bitrate: plenty for a voice (WhatsApp's own notes use less). */
const MONO_BITRATE = 32_000;

const ascii = (b: Uint8Array, from: number, to: number) =>
  Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1', from, to);

/** The container of audio bytes by its magic number, or null when none of the handled ones. */
function containerOf(b: Buffer): 'ogg' | 'webm' | 'mp3' | null {
  if (ascii(b, 0, 4) === 'OggS') return 'ogg';
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) return 'webm'; // EBML: WebM, Matroska
  // ID3 tags, or an MPEG audio frame sync whose layer is set (ADTS AAC has layer 0).
  if (ascii(b, 0, 3) === 'ID3') return 'mp3';
  if (b.length > 1 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0)
    return 'mp3';
  return null;
}

/** Parses an `OpusHead` packet; null when it is not one. */
function parseOpusHead(p: Uint8Array): OpusHead | null {
  if (p.length < 19 || ascii(p, 0, 8) !== 'OpusHead') return null;
  const v = new DataView(p.buffer, p.byteOffset, p.byteLength);
  return {
    channels: v.getUint8(9),
    preSkip: v.getUint16(10, true),
    inputSampleRate: v.getUint32(12, true),
    outputGain: v.getInt16(16, true),
    mappingFamily: v.getUint8(18),
  };
}

/** An `OpusHead` packet (channel mapping family 0: mono or stereo). */
function opusHeadBytes(h: OpusHead): Uint8Array {
  const b = Buffer.alloc(19);
  b.write('OpusHead', 0, 'latin1');
  b.writeUInt8(1, 8); // version
  b.writeUInt8(h.channels, 9);
  b.writeUInt16LE(h.preSkip, 10);
  b.writeUInt32LE(h.inputSampleRate, 12);
  b.writeInt16LE(h.outputGain, 16);
  b.writeUInt8(0, 18);
  return b;
}

/**
 * The first packet of an Ogg stream (its codec's identification header), read from the first
 * page alone: that page holds just this packet (RFC 3533, RFC 7845 §3). Null when cut short.
 */
function oggFirstPacket(b: Buffer): Buffer | null {
  if (b.length < 27) return null;
  const segments = b[26]!;
  if (b.length < 27 + segments) return null;
  let size = 0;
  for (let i = 0; i < segments; i++) {
    size += b[27 + i]!;
    if (b[27 + i]! < 255) break;
  }
  const start = 27 + segments;
  return b.length < start + size ? null : b.subarray(start, start + size);
}

/**
 * Mixes a stereo Opus stream down to mono: decodes each packet (libopus via opusscript), averages
 * the two channels, drops the source's pre-skip and any samples its last packet trims, and encodes
 * 20 ms mono frames. Returns the new packets (the last one's duration trims the padding of its
 * frame) and their OpusHead.
 */
async function downmixToMono(
  packets: EncodedPacket[],
  head: OpusHead,
): Promise<{ packets: { data: Uint8Array; duration: number }[]; head: OpusHead }> {
  const { default: OpusScript } = await import('opusscript');
  const decoder = new OpusScript(OPUS_RATE, 2);
  const encoder = new OpusScript(OPUS_RATE, 1, OpusScript.Application.VOIP);
  try {
    encoder.setBitrate(MONO_BITRATE);
    const out: { data: Uint8Array; duration: number }[] = [];
    const frame = Buffer.alloc(FRAME * 2);
    let filled = 0;
    const push = (sample: number) => {
      frame.writeInt16LE(sample, filled * 2);
      if (++filled === FRAME) {
        out.push({ data: encoder.encode(frame, FRAME), duration: FRAME / OPUS_RATE });
        filled = 0;
      }
    };
    let skip = head.preSkip;
    for (const [i, p] of packets.entries()) {
      const pcm = decoder.decode(Buffer.from(p.data)); // interleaved s16le, left then right
      let samples = pcm.length / 4;
      // The last packet may end the stream before its decoded output does (an Ogg's last granule
      // position, WebM's DiscardPadding): the demuxer gives it the shorter duration.
      if (i === packets.length - 1 && p.duration > 0)
        samples = Math.min(samples, Math.round(p.duration * OPUS_RATE));
      for (let s = 0; s < samples; s++) {
        if (skip > 0) skip--;
        else push((pcm.readInt16LE(s * 4) + pcm.readInt16LE(s * 4 + 2)) >> 1);
      }
    }
    // The encoder's output lags its input by its lookahead (the new pre-skip): silence after the
    // end flushes the last real samples out. The last packet's duration then ends the stream
    // (final granule position) right after them, trimming the rest of its frame.
    for (let s = 0; s < ENCODER_LOOKAHEAD; s++) push(0);
    if (filled > 0) {
      frame.fill(0, filled * 2);
      out.push({ data: encoder.encode(frame, FRAME), duration: filled / OPUS_RATE });
    }
    return {
      packets: out,
      head: { ...head, channels: 1, preSkip: ENCODER_LOOKAHEAD, mappingFamily: 0 },
    };
  } finally {
    decoder.delete();
    encoder.delete();
  }
}

/**
 * A WebM (or Ogg) Opus recording as a mono Ogg/Opus voice note: the Opus packets are copied into
 * Ogg pages (mediabunny writes OpusHead, OpusTags, granule positions and page CRCs), after a
 * downmix when the recording is stereo. A recording of more than two channels (never one the
 * console makes) is remuxed as it is. Null when the file has no Opus audio track; throws when the
 * file cannot be read.
 */
export async function toOggOpus(data: Buffer): Promise<Buffer | null> {
  const mb = await import('mediabunny');
  const input = new mb.Input({
    source: new mb.BufferSource(data),
    formats: [mb.WEBM, mb.MATROSKA, mb.OGG],
  });
  try {
    const track = await input.getPrimaryAudioTrack();
    if (!track || track.codec !== 'opus') return null;
    const config = await track.getDecoderConfig();
    const description = config?.description;
    const head = description
      ? parseOpusHead(
          ArrayBuffer.isView(description)
            ? new Uint8Array(description.buffer, description.byteOffset, description.byteLength)
            : new Uint8Array(description),
        )
      : // No CodecPrivate (mandatory for Opus in WebM, but be lenient): what the track says.
        {
          channels: track.numberOfChannels,
          preSkip: 0,
          inputSampleRate: track.sampleRate,
          outputGain: 0,
          mappingFamily: 0,
        };
    // A head that is no OpusHead, or more channels than a head without a mapping table can say.
    if (!head || (!description && head.channels > 2)) return null;
    const source: EncodedPacket[] = [];
    for await (const p of new mb.EncodedPacketSink(track).packets()) source.push(p);

    let packets: { data: Uint8Array; duration: number }[] = source;
    let outHead = head;
    if (head.channels === 2 && head.mappingFamily === 0)
      ({ packets, head: outHead } = await downmixToMono(source, head));

    const output = new mb.Output({
      format: new mb.OggOutputFormat(),
      target: new mb.BufferTarget(),
    });
    const audio = new mb.EncodedAudioPacketSource('opus');
    output.addAudioTrack(audio);
    await output.start();
    // Timestamps are laid end to end from zero, which the muxer takes as the stream's start
    // (granule positions count decoded samples, the pre-skip included); it counts them from the
    // packets' own Opus frame sizes, and a shorter last duration trims the end.
    let at = 0;
    for (const [i, p] of packets.entries()) {
      const packet = new mb.EncodedPacket(p.data, 'key', at, p.duration);
      at += p.duration;
      await audio.add(
        packet,
        i === 0
          ? {
              decoderConfig: {
                codec: 'opus',
                numberOfChannels: outHead.channels,
                sampleRate: OPUS_RATE,
                description: outHead === head && description ? description : opusHeadBytes(outHead),
              },
            }
          : undefined,
      );
    }
    await output.finalize();
    return Buffer.from(output.target.buffer!);
  } finally {
    input.dispose();
  }
}

/**
 * What Baileys sends for an audio file, told by its bytes: Opus (WebM or Ogg) as a mono Ogg/Opus
 * voice note (`audio/ogg; codecs=opus`, ptt), an Ogg of another codec or a WebM without Opus as a
 * plain audio, an MP3 as a plain `audio/mpeg` audio. Null when the bytes are none of these (the
 * caller decides by the type it was given).
 */
export async function audioMessageFor(data: Buffer): Promise<AudioMessage | null> {
  switch (containerOf(data)) {
    case 'mp3':
      return { audio: data, mimetype: 'audio/mpeg', ptt: false };
    case 'ogg': {
      const first = oggFirstPacket(data);
      if (!first) return null;
      const head = parseOpusHead(first);
      if (!head) return { audio: data, mimetype: 'audio/ogg', ptt: false }; // Vorbis, FLAC…
      const mono = head.channels === 1 ? data : await toOggOpus(data);
      return { audio: mono ?? data, mimetype: VOICE_NOTE_MIMETYPE, ptt: true };
    }
    case 'webm': {
      const ogg = await toOggOpus(data);
      return ogg
        ? { audio: ogg, mimetype: VOICE_NOTE_MIMETYPE, ptt: true }
        : { audio: data, mimetype: 'audio/webm', ptt: false };
    }
    default:
      return null;
  }
}
