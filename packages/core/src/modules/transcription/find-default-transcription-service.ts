import { transcriptionServiceSchema, type TranscriptionService } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { settingsOf, TRANSCRIPTION_SERVICE_SETTING } from './credential-store.js';

/** The company's default transcription service; `default` (native) until one is picked. */
export async function findDefaultTranscriptionService(
  ctx: AppContext,
  o: { companyId: number },
): Promise<{ service: TranscriptionService }> {
  const row = await settingsOf(ctx, o.companyId).findOne({
    where: { key: TRANSCRIPTION_SERVICE_SETTING },
  });
  const parsed = transcriptionServiceSchema.safeParse(row?.value);
  return { service: parsed.success ? parsed.data : 'default' };
}
