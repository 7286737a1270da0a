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
/** Keys per call: the api takes at most 2000, and its JSON bodies at most 1 MB. */
const BATCH = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

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
  // Kept at once: a restart before the first login then shows the same identity, not a new one.
  if (!stored) await api.writeAuth({ [CREDS]: creds });
  const state: AuthenticationState = {
    creds,
    keys: {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        const values: Record<string, unknown> = {};
        for (const batch of chunks(ids.map((id) => `${type}-${id}`))) {
          Object.assign(values, await api.readAuth(batch));
        }
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
        for (const batch of chunks(Object.entries(values))) {
          await api.writeAuth(Object.fromEntries(batch));
        }
      },
    },
  };
  return {
    state,
    saveCreds: () => api.writeAuth({ [CREDS]: creds }),
    fresh: !stored,
  };
}
