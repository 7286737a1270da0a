import { useCallback, useRef, useState } from 'react';

/** Recordings smaller than this are discarded (docs/product/tickets.md#validation: a slip of the finger, not a message). */
export const MIN_AUDIO_BYTES = 10_000;

/**
 * What a voice message is sent as (docs/product/tickets.md#limits-and-constants: "audio files are mp3 on whatsapp and m4a
 * otherwise"): an MP3 at 128 kbps to WhatsApp; an M4A (AAC, as the browser's recorder writes it
 * where it can) to the other channels, and an MP3 there too when the browser cannot record M4A.
 */
export type AudioFormat = 'mp3' | 'm4a';

/** The format of a voice message to a ticket of `channel`. */
export function audioFormatFor(channel: string | null | undefined): AudioFormat {
  return !channel || channel.startsWith('whatsapp') ? 'mp3' : 'm4a';
}

const supports = (type: string) =>
  typeof MediaRecorder !== 'undefined' && typeof MediaRecorder.isTypeSupported === 'function'
    ? MediaRecorder.isTypeSupported(type)
    : false;

/** Containers the browser records in, for an MP3 (decoded and re-encoded) or an M4A (kept). */
function pickMimeType(format: AudioFormat): string | undefined {
  const m4a = ['audio/mp4;codecs=mp4a.40.2', 'audio/mp4'];
  const any = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'];
  return (format === 'm4a' ? [...m4a, ...any] : any).find(supports);
}

/** The recording decoded to PCM by Web Audio (any container the browser recorded in). */
async function decode(recording: Blob) {
  const Context =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  const context = new Context();
  try {
    const audio = await context.decodeAudioData(await recording.arrayBuffer());
    const channels = Array.from({ length: audio.numberOfChannels }, (_, i) =>
      audio.getChannelData(i),
    );
    return { sampleRate: audio.sampleRate, channels };
  } finally {
    void context.close();
  }
}

/** The recording as the file to send: kept when it is the M4A wanted, else an MP3 of it. */
async function toFile(recording: Blob, format: AudioFormat): Promise<File> {
  const stamp = Date.now();
  if (format === 'm4a' && recording.type.startsWith('audio/mp4'))
    return new File([recording], `audio-${stamp}.m4a`, { type: 'audio/mp4' });
  // LAME (half a megabyte of code) is fetched with the first recording, not with the composer.
  const [{ encodeMp3 }, pcm] = await Promise.all([import('./mp3'), decode(recording)]);
  return new File([encodeMp3(pcm)], `audio-${stamp}.mp3`, { type: 'audio/mpeg' });
}

/**
 * Records from the microphone: start, then cancel (drops it) or stop (hands over the file to
 * send — see AudioFormat —, or null when it is under MIN_AUDIO_BYTES).
 */
export function useAudioRecorder(format: AudioFormat = 'mp3') {
  const [recording, setRecording] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);

  const release = () => {
    recorder.current?.stream.getTracks().forEach((track) => track.stop());
    recorder.current = null;
    setRecording(false);
  };

  const start = useCallback(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mimeType = pickMimeType(format);
    const rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    chunks.current = [];
    rec.ondataavailable = (e) => {
      if (e.data && e.data.size > 0) chunks.current.push(e.data);
    };
    rec.start();
    recorder.current = rec;
    setRecording(true);
  }, [format]);

  const cancel = useCallback(() => {
    const rec = recorder.current;
    if (rec && rec.state !== 'inactive') {
      rec.ondataavailable = null;
      rec.onstop = null;
      rec.stop();
    }
    chunks.current = [];
    release();
  }, []);

  const stop = useCallback(async (): Promise<File | null> => {
    const rec = recorder.current;
    if (!rec) return null;
    const recorded = await new Promise<Blob>((resolve) => {
      rec.onstop = () => {
        const type = rec.mimeType || chunks.current[0]?.type || 'audio/webm';
        resolve(new Blob(chunks.current, { type }));
        chunks.current = [];
        release();
      };
      rec.stop();
    });
    if (recorded.size === 0) return null;
    const file = await toFile(recorded, format);
    return file.size < MIN_AUDIO_BYTES ? null : file;
  }, [format]);

  return { recording, start, cancel, stop };
}
