/** What the transcription use cases share: the credential rows, their sealing and masking. */
import type { TranscriptionCredentialView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import {
  SettingEntity,
  TranscriptionCredentialEntity,
  type TranscriptionCredential,
} from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import { openSecret, sealSecret } from '../../db/sealed-secrets.js';

export { TRANSCRIPTION_SERVICE_SETTING } from '../../db/entities/index.js';

/** The credentials of one company. */
export const credentialsOf = (ctx: AppContext, companyId: number) =>
  tenantData(ctx.ds, companyId).of(TranscriptionCredentialEntity);

/** The settings of one company (the default service is the `transcriptionService` key). */
export const settingsOf = (ctx: AppContext, companyId: number) =>
  tenantData(ctx.ds, companyId).of(SettingEntity);

/**
 * The associated data of a key: bound to its company and service, so a sealed key copied to
 * another company's row (or another service) no longer opens. Stable across a replaced key.
 */
const keyContext = (companyId: number, service: string) =>
  `transcription:${companyId}:${service}:apiKey`;

export const sealApiKey = (ctx: AppContext, companyId: number, service: string, key: string) =>
  sealSecret(ctx, key, keyContext(companyId, service));

/** The plaintext key of a row; null when it no longer opens (the api's key changed). */
export const openApiKey = (ctx: AppContext, row: TranscriptionCredential) =>
  openSecret(ctx, row.apiKey, keyContext(row.companyId, row.service));

/**
 * A key as the console may see it: never more than a quarter of it. Long keys keep their
 * first three and last four characters (`sk-…abcd`), shorter ones only the last four.
 */
export function maskApiKey(key: string): string {
  if (key.length >= 28) return `${key.slice(0, 3)}…${key.slice(-4)}`;
  if (key.length >= 16) return `…${key.slice(-4)}`;
  return '…';
}

/** A row as answered: the key opened only to be masked. */
export function credentialView(ctx: AppContext, row: TranscriptionCredential) {
  const key = openApiKey(ctx, row);
  return {
    id: row.id,
    service: row.service,
    apiKey: key === null ? '…' : maskApiKey(key),
    isActive: row.isActive,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  } satisfies Omit<TranscriptionCredentialView, 'createdAt' | 'updatedAt'> & {
    createdAt: Date;
    updatedAt: Date;
  };
}
