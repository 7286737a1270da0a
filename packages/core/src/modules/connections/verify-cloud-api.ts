import { Not } from 'typeorm';
import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import { GraphError, graphJson } from '../meta/graph-client.js';

/** What the Cloud API connection stores once Meta has accepted its number and token. */
export interface VerifiedCloudApi {
  /** The display number's digits (the connection's `number`). */
  number: string;
  verifiedName: string | null;
}

/** Meta's OAuth refusal (expired, revoked, wrong app) and its unknown-object code. */
const OAUTH_ERROR = 190;
const UNKNOWN_OBJECT = 100;

/** A Graph failure as the error the admin sees on the field it concerns (never the token). */
function graphRefusal(err: unknown, objectField: 'phoneNumberId' | 'businessAccountId'): AppError {
  if (!(err instanceof GraphError) || err.status >= 500)
    return new AppError('ERR_META_UNAVAILABLE');
  if (err.graph.code === OAUTH_ERROR || err.status === 401 || err.status === 403)
    return new AppError('ERR_META_TOKEN_INVALID', {
      fields: [{ field: 'accessToken', message: 'Meta refused this access token' }],
    });
  const object =
    objectField === 'phoneNumberId'
      ? {
          code: 'ERR_META_PHONE_NUMBER_INVALID' as const,
          message: 'Meta knows no such phone number id for this token',
        }
      : {
          code: 'ERR_META_BUSINESS_ACCOUNT_INVALID' as const,
          message: 'Meta refused this business account',
        };
  if (err.graph.code === UNKNOWN_OBJECT || err.status === 400 || err.status === 404)
    return new AppError(object.code, { fields: [{ field: objectField, message: object.message }] });
  return new AppError('ERR_META_UNAVAILABLE');
}

/**
 * Checks a Cloud API number with Meta before anything is stored: the phone-number id must be
 * readable with the token (`GET /{phone-number-id}?fields=display_phone_number,verified_name`),
 * and with a business account the app is subscribed to its webhooks
 * (`POST /{waba-id}/subscribed_apps`), which is what makes Meta deliver the number's messages.
 * Refusals become ERR_META_TOKEN_INVALID / ERR_META_PHONE_NUMBER_INVALID /
 * ERR_META_BUSINESS_ACCOUNT_INVALID on their field; Meta unreachable, ERR_META_UNAVAILABLE.
 */
export async function verifyCloudApi(
  ctx: AppContext,
  o: {
    companyId: number;
    phoneNumberId: string;
    accessToken: string;
    businessAccountId?: string | null;
  },
): Promise<VerifiedCloudApi> {
  const log = { companyId: o.companyId, phoneNumberId: o.phoneNumberId };
  let phone: { display_phone_number?: string; verified_name?: string };
  try {
    phone = await graphJson(ctx, {
      path: `/${o.phoneNumberId}`,
      token: o.accessToken,
      query: { fields: 'display_phone_number,verified_name' },
    });
  } catch (err) {
    const refusal = graphRefusal(err, 'phoneNumberId');
    ctx.logger.info(
      { ...log, code: refusal.code, reason: (err as Error).message },
      'cloud api number refused',
    );
    throw refusal;
  }
  const number = (phone.display_phone_number ?? '').replace(/\D/g, '');
  if (!number) {
    throw new AppError('ERR_META_PHONE_NUMBER_INVALID', {
      fields: [{ field: 'phoneNumberId', message: 'Meta gave no phone number for this id' }],
    });
  }
  if (o.businessAccountId) {
    try {
      await graphJson(ctx, {
        method: 'POST',
        path: `/${o.businessAccountId}/subscribed_apps`,
        token: o.accessToken,
      });
    } catch (err) {
      const refusal = graphRefusal(err, 'businessAccountId');
      ctx.logger.info(
        {
          ...log,
          businessAccountId: o.businessAccountId,
          code: refusal.code,
          reason: (err as Error).message,
        },
        'cloud api business account subscription refused',
      );
      throw refusal;
    }
  }
  return { number, verifiedName: phone.verified_name ?? null };
}

/**
 * A phone-number id serves one Cloud API connection of the platform: its webhooks are routed
 * by that id alone (`except`: the connection being edited).
 */
export async function assertCloudNumberFree(
  ctx: AppContext,
  phoneNumberId: string,
  except?: number,
): Promise<void> {
  const taken = await crossTenantData(ctx.ds, 'platform-unique-values')
    .of(WhatsappEntity)
    .exists({
      channel: 'whatsappapi',
      facebookPageUserId: phoneNumberId,
      ...(except ? { id: Not(except) } : {}),
    });
  if (taken)
    throw new AppError('ERR_DUPLICATED_CONNECTION', {
      fields: [{ field: 'phoneNumberId', message: 'Another connection uses this phone number id' }],
    });
}
