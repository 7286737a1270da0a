import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.js';
import { privateUploadDir } from '../uploads/private-uploads.js';
import { mimeOfStoredFile } from '../uploads/sniff-file-type.js';
import { credentialsOf, openApiKey } from './credential-store.js';
import { findDefaultTranscriptionService } from './find-default-transcription-service.js';
import { requestTranscription } from './transcription-client.js';

/** What the speech-to-text services accept in one request (25 MB). */
const MAX_AUDIO_BYTES = 25 * 1024 * 1024;

/**
 * The text of a stored audio of the company (`/private/<company>/<file>`, as inbound media is
 * kept), by the company's default transcription service with its own key: for the bots, which
 * read a customer's voice note as text. Answers why not when it cannot (no service or key set,
 * a file too big or not the company's, the service failing), never throws.
 */
export async function transcribeStoredAudio(
  ctx: AppContext,
  companyId: number,
  mediaUrl: string,
): Promise<{ ok: true; text: string } | { ok: false; reason: string }> {
  const stored = /^\/private\/(\d+)\/([0-9a-f]{32}\.[a-z0-9]{2,5})$/.exec(mediaUrl);
  if (!stored || Number(stored[1]) !== companyId) return { ok: false, reason: 'not-audio' };
  const { service } = await findDefaultTranscriptionService(ctx, { companyId });
  if (service === 'default') return { ok: false, reason: 'not-configured' };
  const row = await credentialsOf(ctx, companyId).findOne({ where: { service, isActive: true } });
  const apiKey = row ? openApiKey(ctx, row) : null;
  if (!apiKey) return { ok: false, reason: 'no-credential' };
  const filePath = path.join(privateUploadDir(ctx), `company${companyId}`, stored[2]!);
  try {
    const { size } = await fs.stat(filePath);
    if (size > MAX_AUDIO_BYTES) return { ok: false, reason: 'too-large' };
    const text = await requestTranscription(ctx, {
      service,
      apiKey,
      file: await fs.readFile(filePath),
      fileName: stored[2]!,
      mimetype: mimeOfStoredFile(stored[2]!),
    });
    return text ? { ok: true, text } : { ok: false, reason: 'empty' };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message.slice(0, 120) : 'failed' };
  }
}
