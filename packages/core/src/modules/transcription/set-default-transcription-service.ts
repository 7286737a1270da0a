import { AppError, type SetDefaultTranscriptionServiceInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { credentialsOf, settingsOf, TRANSCRIPTION_SERVICE_SETTING } from './credential-store.js';

/**
 * Picks the company's default transcription service. An external one (openai, groq) needs an
 * active credential of that service first: ERR_TRANSCRIPTION_NO_CREDENTIAL otherwise, and the
 * console then opens the credential dialog.
 */
export async function setDefaultTranscriptionService(
  ctx: AppContext,
  o: { auth: Principal; input: SetDefaultTranscriptionServiceInput },
) {
  const { service } = o.input;
  if (service !== 'default') {
    const active = await credentialsOf(ctx, o.auth.companyId).exists({ service, isActive: true });
    if (!active) throw new AppError('ERR_TRANSCRIPTION_NO_CREDENTIAL');
  }
  await settingsOf(ctx, o.auth.companyId).upsert(
    { key: TRANSCRIPTION_SERVICE_SETTING, value: service },
    ['companyId', 'key'],
  );
  return { service };
}
