import { useCallback, useRef, useState } from 'react';

/** Recordings smaller than this are discarded (spec 1 §5: a slip of the finger, not a message). */
export const MIN_AUDIO_BYTES = 10_000;

function pickMimeType(): string | undefined {
  const wanted = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/mp4', 'audio/webm'];
  const supports = (type: string) =>
    typeof MediaRecorder !== 'undefined' && typeof MediaRecorder.isTypeSupported === 'function'
      ? MediaRecorder.isTypeSupported(type)
      : false;
  return wanted.find(supports);
}

/**
 * Records from the microphone: start, then cancel (drops it) or stop (hands the recording
 * over, or null when it is under MIN_AUDIO_BYTES).
 */
export function useAudioRecorder() {
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
    const mimeType = pickMimeType();
    const rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    chunks.current = [];
    rec.ondataavailable = (e) => {
      if (e.data && e.data.size > 0) chunks.current.push(e.data);
    };
    rec.start();
    recorder.current = rec;
    setRecording(true);
  }, []);

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

  const stop = useCallback(
    () =>
      new Promise<Blob | null>((resolve) => {
        const rec = recorder.current;
        if (!rec) return resolve(null);
        rec.onstop = () => {
          const type = rec.mimeType || chunks.current[0]?.type || 'audio/webm';
          const blob = new Blob(chunks.current, { type });
          chunks.current = [];
          release();
          resolve(blob.size < MIN_AUDIO_BYTES ? null : blob);
        };
        rec.stop();
      }),
    [],
  );

  return { recording, start, cancel, stop };
}

/** A file name for a recording, by its type. */
export function audioFileName(blob: Blob): string {
  const ext = blob.type.includes('ogg')
    ? 'ogg'
    : blob.type.includes('mp4')
      ? 'm4a'
      : blob.type.includes('mpeg')
        ? 'mp3'
        : 'webm';
  return `audio-${Date.now()}.${ext}`;
}
