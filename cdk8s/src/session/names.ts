import { COMPANY_ID_LABEL } from '../crds/names.js';
import { createHash } from 'node:crypto';
import type { V1OwnerReference } from '@kubernetes/client-node';
import { API_VERSION } from '../crds/common.js';
import { CONNECTION_KIND, type Connection } from '../crds/connection.js';

/** `app.kubernetes.io/name` of every session object. */
export const SESSION_APP_NAME = 'atendo-session';
export { COMPANY_ID_LABEL };
/** Label with the Connection's name. */
export const CONNECTION_LABEL = 'atendo.io/connection';
/** Who manages session objects. */
export const SESSION_MANAGED_BY = 'atendo-operator';

/**
 * A StatefulSet's pods carry `controller-revision-hash: <name>-<10 chars>`, a label value of at
 * most 63 characters, so the StatefulSet name must stay within 52.
 */
const MAX_STATEFULSET_NAME = 52;
const DNS_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

function shortHash(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 8);
}

/**
 * Name of the StatefulSet, Service and Secret of a connection: `session-<connection>`. Names
 * that are too long or not DNS labels (a Connection name may hold dots; a Service name may not)
 * are shortened and suffixed with a hash of the original, so the result stays unique and stable.
 */
export function sessionName(conn: Pick<Connection, 'metadata'>): string {
  const name = conn.metadata.name ?? '';
  const plain = `session-${name}`;
  if (plain.length <= MAX_STATEFULSET_NAME && DNS_LABEL.test(plain)) return plain;
  const cleaned = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, MAX_STATEFULSET_NAME - 'session-'.length - 9)
    .replace(/-+$/, '');
  return `session-${cleaned}-${shortHash(name)}`;
}

/** A label value for any string: itself when valid, else a shortened form with a hash suffix. */
export function labelValue(value: string): string {
  if (value.length <= 63 && LABEL_VALUE.test(value)) return value;
  const cleaned = value
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .slice(0, 54)
    .replace(/[^A-Za-z0-9]+$/, '');
  return `${cleaned}-${shortHash(value)}`.replace(/^[^A-Za-z0-9]+/, '');
}

/** Labels that select a connection's session pod (stable for the object's life). */
export function sessionSelectorLabels(conn: Pick<Connection, 'metadata'>): Record<string, string> {
  const name = labelValue(conn.metadata.name ?? '');
  return {
    'app.kubernetes.io/name': SESSION_APP_NAME,
    'app.kubernetes.io/instance': name,
  };
}

/** Every label of a connection's session objects. */
export function sessionLabels(conn: Pick<Connection, 'metadata' | 'spec'>): Record<string, string> {
  return {
    ...sessionSelectorLabels(conn),
    'app.kubernetes.io/component': 'session',
    'app.kubernetes.io/part-of': 'atendo',
    'app.kubernetes.io/managed-by': SESSION_MANAGED_BY,
    [COMPANY_ID_LABEL]: String(conn.spec.companyId),
    [CONNECTION_LABEL]: labelValue(conn.metadata.name ?? ''),
  };
}

/** The controller owner reference a Connection puts on its StatefulSet, Service and Secret. */
export function connectionOwnerReference(conn: Pick<Connection, 'metadata'>): V1OwnerReference {
  const { name, uid } = conn.metadata;
  if (!name || !uid)
    throw new Error('connectionOwnerReference needs metadata.name and metadata.uid');
  return {
    apiVersion: API_VERSION,
    kind: CONNECTION_KIND,
    name,
    uid,
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** Metadata shared by the session objects. */
export function sessionMetadata(
  conn: Pick<Connection, 'metadata' | 'spec'>,
  ownerRef: V1OwnerReference | undefined,
): {
  name: string;
  namespace?: string;
  labels: Record<string, string>;
  ownerReferences?: V1OwnerReference[];
} {
  return {
    name: sessionName(conn),
    ...(conn.metadata.namespace ? { namespace: conn.metadata.namespace } : {}),
    labels: sessionLabels(conn),
    ...(ownerRef ? { ownerReferences: [ownerRef] } : {}),
  };
}

/** Short, stable digest of configuration, for a pod-template annotation that rolls the pod. */
export function configHash(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 16);
}
