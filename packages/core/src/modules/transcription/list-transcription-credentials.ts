import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { credentialsOf, credentialView } from './credential-store.js';

/** The company's transcription credentials (at most one per service), keys masked. */
export async function listTranscriptionCredentials(ctx: AppContext, o: { auth: Principal }) {
  const rows = await credentialsOf(ctx, o.auth.companyId).find({ order: { service: 'ASC' } });
  return rows.map((row) => credentialView(ctx, row));
}
