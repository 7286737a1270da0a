import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mediaKindOf } from '@atendo/core/modules/messages/media-kind.js';
import { mimeOfStoredFile, sniffFileType } from '@atendo/core/modules/uploads/sniff-file-type.js';

/**
 * Uploads are typed by their bytes. Real files (test/fixtures/README.md says how each was made):
 * Chrome's MediaRecorder recordings, an audio-only one (what the console's recorder uploads) and
 * a video with sound, and opusenc's Ogg/Opus.
 */
const fixture = (name: string) => fs.readFileSync(new URL(`fixtures/${name}`, import.meta.url));

describe('sniffFileType', () => {
  it("types Chrome's audio-only WebM recording as audio, stored as .weba", () => {
    const kind = sniffFileType(fixture('chrome-recording.webm'));
    expect(kind).toEqual({ ext: 'weba', mime: 'audio/webm' });
    expect(mimeOfStoredFile(`0123456789abcdef0123456789abcdef.${kind!.ext}`)).toBe('audio/webm');
    expect(mediaKindOf(kind!.mime)).toBe('audio');
  });

  it('keeps a WebM with a video track a video', () => {
    const kind = sniffFileType(fixture('chrome-video.webm'));
    expect(kind).toEqual({ ext: 'webm', mime: 'video/webm' });
    expect(mimeOfStoredFile('0123456789abcdef0123456789abcdef.webm')).toBe('video/webm');
    expect(mediaKindOf(kind!.mime)).toBe('video');
  });

  it('types an Ogg/Opus recording as audio/ogg', () => {
    expect(sniffFileType(fixture('opusenc.ogg'))).toEqual({ ext: 'ogg', mime: 'audio/ogg' });
    expect(mimeOfStoredFile('0123456789abcdef0123456789abcdef.ogg')).toBe('audio/ogg');
  });

  it('takes an audio WebM as a WebM where only webm is allowed', () => {
    expect(sniffFileType(fixture('chrome-recording.webm'), ['mp4', 'webm'])).toEqual({
      ext: 'webm',
      mime: 'video/webm',
    });
  });

  it('calls a WebM whose tracks it cannot read a video, without throwing', () => {
    const webm = fixture('chrome-recording.webm');
    const video = { ext: 'webm', mime: 'video/webm' };
    expect(sniffFileType(webm.subarray(0, 40))).toEqual(video);
    const cut = webm.indexOf(Buffer.from([0x16, 0x54, 0xae, 0x6b])); // the Tracks element
    expect(cut).toBeGreaterThan(0);
    expect(sniffFileType(webm.subarray(0, cut + 6))).toEqual(video);
    const junk = Buffer.concat([webm.subarray(0, 4), Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])]);
    expect(sniffFileType(junk)).toEqual(video);
  });
});
