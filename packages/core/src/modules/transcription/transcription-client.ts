import { AppError, type ExternalTranscriptionService } from '@atendo/domain';
import type { AppContext } from '../../context.js';

/**
 * The speech-to-text services, both spoken through the OpenAI audio protocol
 * (`POST …/audio/transcriptions`, multipart `file` and `model`, bearer key, JSON `{ text }`):
 * OpenAI with whisper-1, Groq's OpenAI-compatible endpoint with whisper-large-v3.
 */
const SERVICES: Record<
  ExternalTranscriptionService,
  { base: (ctx: AppContext) => string; path: string; model: string }
> = {
  openai: {
    base: (ctx) => ctx.config.TRANSCRIPTION_OPENAI_URL,
    path: '/v1/audio/transcriptions',
    model: 'whisper-1',
  },
  groq: {
    base: (ctx) => ctx.config.TRANSCRIPTION_GROQ_URL,
    path: '/openai/v1/audio/transcriptions',
    model: 'whisper-large-v3',
  },
};

/**
 * The text of one audio file. Anything but a 2xx with a text (a refused key, a timeout, an
 * unreadable answer) is ERR_TRANSCRIPTION_FAILED; the log line names the service and the
 * status only, never the key or the service's answer (which may echo it).
 */
export async function requestTranscription(
  ctx: AppContext,
  o: {
    service: ExternalTranscriptionService;
    apiKey: string;
    file: Buffer;
    fileName: string;
    mimetype: string;
  },
): Promise<string> {
  const service = SERVICES[o.service];
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(o.file)], { type: o.mimetype }), o.fileName);
  form.append('model', service.model);
  form.append('response_format', 'json');
  const url = `${service.base(ctx).replace(/\/+$/, '')}${service.path}`;
  let status = 0;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${o.apiKey}` },
      body: form,
      signal: AbortSignal.timeout(ctx.config.TRANSCRIPTION_TIMEOUT_MS),
    });
    status = res.status;
    if (res.ok) {
      const body = (await res.json()) as { text?: unknown };
      if (typeof body?.text === 'string') return body.text.trim();
    } else {
      await res.body?.cancel();
    }
  } catch (err) {
    ctx.logger.warn(
      { service: o.service, reason: (err as Error).name },
      'transcription service unreachable',
    );
    throw new AppError('ERR_TRANSCRIPTION_FAILED');
  }
  ctx.logger.warn({ service: o.service, status }, 'transcription service failed');
  throw new AppError('ERR_TRANSCRIPTION_FAILED');
}
