import {
  createTranscriptionCredentialSchema,
  type CreateTranscriptionCredentialInput,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { credentialsOf, credentialView, sealApiKey } from './credential-store.js';

/**
 * Saves the API key of a transcription service (POST /transcription-credentials). A company
 * holds one credential per service (the unique key on company and service), so saving a key
 * for a service that already has one replaces its key and active flag: an upsert, which also
 * keeps two concurrent saves from making two rows. The key is sealed before it is written.
 */
export async function saveTranscriptionCredential(
  ctx: AppContext,
  o: { auth: Principal; input: CreateTranscriptionCredentialInput },
) {
  const { service, apiKey, isActive } = createTranscriptionCredentialSchema.parse(o.input);
  const credentials = credentialsOf(ctx, o.auth.companyId);
  await credentials.upsert(
    {
      service,
      apiKey: sealApiKey(ctx, o.auth.companyId, service, apiKey),
      isActive,
      updatedAt: new Date(),
    },
    ['companyId', 'service'],
  );
  const row = await credentials.get({ where: { service } });
  return credentialView(ctx, row);
}
