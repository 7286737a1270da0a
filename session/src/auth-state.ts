import {
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';
import type { InternalApi } from './internal-api.js';

/** The creds row key; signal keys are `<type>-<id>` (the protocol's naming). */
const CREDS = 'creds';

export interface ApiAuthState {
  state: AuthenticationState;
  /** Persists the creds (call on every `creds.update`). */
  saveCreds: () => Promise<void>;
  /** True when no creds existed and new ones were made (a QR login follows). */
  fresh: boolean;
}

/**
 * Baileys' auth state kept by the api (encrypted at rest in that connection's own rows), so a
 * restarted process or a rescheduled pod resumes without a new QR code. Loading throws when the
 * api cannot answer: starting over with new creds would silently log the phone out.
 */
export async function apiAuthState(api: InternalApi): Promise<ApiAuthState> {
  const stored = (await api.readAuth([CREDS]))[CREDS] as AuthenticationCreds | null | undefined;
  const creds = stored ?? initAuthCreds();
  const state: AuthenticationState = {
    creds,
    keys: {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        const values = await api.readAuth(ids.map((id) => `${type}-${id}`));
        const out: { [id: string]: SignalDataTypeMap[T] } = {};
        for (const id of ids) {
          let value = values[`${type}-${id}`] ?? null;
          // Stored as plain JSON; Baileys expects the protobuf object for these.
          if (type === 'app-state-sync-key' && value) {
            value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
          }
          if (value !== null) out[id] = value as SignalDataTypeMap[T];
        }
        return out;
      },
      set: async (data: SignalDataSet) => {
        const values: Record<string, unknown> = {};
        for (const type of Object.keys(data) as (keyof SignalDataSet)[]) {
          for (const [id, value] of Object.entries(data[type] ?? {})) {
            values[`${type}-${id}`] = value ?? null;
          }
        }
        if (Object.keys(values).length > 0) await api.writeAuth(values);
      },
    },
  };
  return {
    state,
    saveCreds: () => api.writeAuth({ [CREDS]: creds }),
    fresh: !stored,
  };
}
