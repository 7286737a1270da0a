import type { V1OwnerReference, V1Secret } from '@kubernetes/client-node';
import { connectionIdOf, type Connection } from '../crds/connection.js';
import { sessionMetadata } from './names.js';

/** Keys of the session Secret; the container reads each as the env var of the same name. */
export const SESSION_SECRET_KEYS = {
  apiUrl: 'ATENDO_API_URL',
  connectionId: 'ATENDO_CONNECTION_ID',
  token: 'ATENDO_SESSION_TOKEN',
} as const;

/** Options of {@link desiredSessionSecret}. */
export interface SessionSecretOptions {
  /** Base URL of the api's internal endpoints, e.g. http://atendo-api.atendo.svc:8080. */
  apiUrl: string;
  /** The per-connection token the session authenticates to the api with. */
  token: string;
  ownerRef?: V1OwnerReference;
}

/**
 * The api's connection id, or an error naming the connection: a session cannot start before
 * the api knows the connection, so the operator provisions it first.
 */
export function requireConnectionId(conn: Connection): number {
  const id = connectionIdOf(conn);
  if (id === undefined) {
    throw new Error(
      `Connection ${conn.metadata.namespace ?? ''}/${conn.metadata.name ?? ''} has no connectionId (spec or status) yet`,
    );
  }
  return id;
}

/** The Secret the session pod reads its api URL, connection id and token from. */
export function desiredSessionSecret(conn: Connection, opts: SessionSecretOptions): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: sessionMetadata(conn, opts.ownerRef),
    type: 'Opaque',
    stringData: {
      [SESSION_SECRET_KEYS.apiUrl]: opts.apiUrl,
      [SESSION_SECRET_KEYS.connectionId]: String(requireConnectionId(conn)),
      [SESSION_SECRET_KEYS.token]: opts.token,
    },
  };
}
