import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentFor, isRecordedAudio, sendSchema } from '../src/outbound.js';

/**
 * What Baileys is given for an audio send, from real recordings (test/fixtures/README.md): the
 * api serves each stored upload with the type of its sniffed extension (`audio/webm`, or
 * `video/webm` for a recording stored before it told them apart; `audio/ogg`; `audio/mpeg`).
 */
const fixture = (name: string) => fs.readFileSync(new URL(`fixtures/${name}`, import.meta.url));
const audio = (fileName: string | null = null) =>
  sendSchema.parse({
    id: 'A1',
    to: { number: '5511999990000' },
    mediaType: 'audio',
    mediaFile: '0123456789abcdef0123456789abcdef.bin',
    fileName,
  });

describe('outbound audio', () => {
  it("sends Chrome's WebM/Opus recording as an Ogg/Opus voice note", async () => {
    const webm = fixture('chrome-recording.webm');
    for (const mimetype of ['audio/webm', 'video/webm']) {
      const content = await contentFor(audio(), { data: webm, mimetype });
      expect(content).toMatchObject({ mimetype: 'audio/ogg; codecs=opus', ptt: true });
      const sent = (content as { audio: Buffer }).audio;
      expect(sent.toString('latin1', 0, 4)).toBe('OggS');
      expect(sent.includes('OpusHead')).toBe(true);
    }
  });

  it('keeps an Ogg/Opus upload as it is, typed with codecs=opus', async () => {
    const ogg = fixture('opusenc-mono.ogg');
    expect(await contentFor(audio(), { data: ogg, mimetype: 'audio/ogg' })).toEqual({
      audio: ogg,
      mimetype: 'audio/ogg; codecs=opus',
      ptt: true,
    });
  });

  it("sends the console's MP3 recording as a plain audio file, not a voice note", async () => {
    const mp3 = fixture('recording.mp3');
    const content = await contentFor(audio('audio-record-1700000000000.mp3'), {
      data: mp3,
      mimetype: 'audio/mpeg',
    });
    expect(content).toEqual({ audio: mp3, mimetype: 'audio/mpeg', ptt: false });
  });

  it('decides by the type and name given when the bytes tell nothing', async () => {
    const wav = Buffer.from('RIFF\x24\0\0\0WAVEfmt ', 'latin1');
    expect(await contentFor(audio(), { data: wav, mimetype: 'audio/wav' })).toEqual({
      audio: wav,
      mimetype: 'audio/wav',
      ptt: false,
    });
    expect(isRecordedAudio('audio/ogg')).toBe(true);
    expect(isRecordedAudio('audio/ogg; codecs=opus')).toBe(true);
    expect(isRecordedAudio('application/octet-stream', 'audio-record-1.ogg')).toBe(true);
    expect(isRecordedAudio('audio/mpeg', 'audio-record-1.mp3')).toBe(false);
    expect(isRecordedAudio('application/octet-stream', 'audio-record-1.mp3')).toBe(false);
    expect(isRecordedAudio('audio/mp4', 'ptt-1.m4a')).toBe(false);
    expect(isRecordedAudio('audio/wav')).toBe(false);
  });

  it('still needs the media of a media kind', async () => {
    await expect(contentFor(audio(), null)).rejects.toThrow('audio needs mediaFile');
  });
});
