import { CONNECTION_KIND, CONNECTION_PLURAL, CONNECTION_CRD_NAME } from './names.js';
import { CHANNELS, type Channel } from '@atendo/domain';
import {
  type API_VERSION,
  GROUP,
  VERSION,
  conditionsSchema,
  observedGenerationSchema,
  type Condition,
  type ObjectMeta,
} from './common.js';
import {
  displayNameSchema,
  immutable,
  quantitySchema,
  type CustomResourceDefinition,
  type JSONSchemaProps,
} from './schema.js';

/**
 * Connection is NAMESPACED: it lives beside the session pod, Service and Secret the operator
 * makes from it (owner references cannot cross namespaces), and the api writes it in its own
 * namespace with a namespaced Role.
 */
export { CONNECTION_KIND, CONNECTION_PLURAL, CONNECTION_CRD_NAME };

/** Messaging channels: the api's connection channels, from the shared domain package. */
export const CONNECTION_CHANNELS = CHANNELS;
export type ConnectionChannel = Channel;

/** Lifecycle phase shown by `kubectl get connections`. */
export const CONNECTION_PHASES = [
  'Pending',
  'Starting',
  'Running',
  'Suspended',
  'Degraded',
  'Terminating',
] as const;
export type ConnectionPhase = (typeof CONNECTION_PHASES)[number];

/** Condition types the operator sets on a Connection. */
export const CONNECTION_CONDITION_TYPES = ['Ready', 'SessionRunning', 'Degraded'] as const;
export type ConnectionConditionType = (typeof CONNECTION_CONDITION_TYPES)[number];

/** A Kubernetes quantity (`250m`, `512Mi`, or a plain number). */
export type Quantity = string | number;

/** cpu/memory of a session container. */
export interface SessionResourceList {
  cpu?: Quantity;
  memory?: Quantity;
}

/** Overrides of the session pod. */
export interface SessionSpec {
  /** Session image; the operator's default when unset. */
  image?: string;
  resources?: { requests?: SessionResourceList; limits?: SessionResourceList };
}

/** Desired state of a messaging connection. */
export interface ConnectionSpec {
  /** The api's company id. */
  companyId: number;
  /** The Company resource, when the tenant is managed as a custom resource. */
  companyRef?: { name: string };
  channel: ConnectionChannel;
  /** Name shown in the console, 2-50 characters. */
  displayName: string;
  /** true scales the session to 0 without deleting it (default false). */
  suspended?: boolean;
  /** The api's connection id, set when the api created this resource. */
  connectionId?: number;
  session?: SessionSpec;
}

/** Observed state of a connection, written by the operator. */
export interface ConnectionStatus {
  connectionId?: number;
  phase?: ConnectionPhase;
  ready?: boolean;
  observedGeneration?: number;
  conditions?: Condition<ConnectionConditionType | (string & {})>[];
}

/** A Connection custom resource. */
export interface Connection {
  apiVersion: typeof API_VERSION;
  kind: typeof CONNECTION_KIND;
  metadata: ObjectMeta;
  spec: ConnectionSpec;
  status?: ConnectionStatus;
}

const resourceList = (what: string): JSONSchemaProps => ({
  type: 'object',
  description: `${what} of the session container.`,
  properties: {
    cpu: quantitySchema(`CPU ${what.toLowerCase()}, e.g. 100m.`),
    memory: quantitySchema(`Memory ${what.toLowerCase()}, e.g. 256Mi.`),
  },
});

/** OpenAPI v3 schema of Connection (descriptions feed `kubectl explain connections`). */
export const connectionSchema: JSONSchemaProps = {
  type: 'object',
  description:
    'A messaging connection of a company. For WhatsApp (Baileys) the operator runs one session pod ' +
    '(a StatefulSet with one replica, its Service and Secret); replicas 0 while the connection or its ' +
    'company is suspended.',
  required: ['spec'],
  properties: {
    apiVersion: {
      type: 'string',
      description: 'APIVersion of this representation (atendo.io/v1alpha1).',
    },
    kind: { type: 'string', description: 'Kind of this resource (Connection).' },
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      description: 'Desired state of the connection.',
      required: ['companyId', 'channel', 'displayName'],
      properties: {
        companyId: {
          type: 'integer',
          format: 'int64',
          minimum: 1,
          description: "The api's id of the company that owns this connection. Immutable.",
          'x-kubernetes-validations': [immutable('companyId')],
        },
        companyRef: {
          type: 'object',
          description:
            'The Company resource, when the tenant is managed as a custom resource; its suspension ' +
            'suspends this connection.',
          required: ['name'],
          properties: {
            name: {
              type: 'string',
              minLength: 1,
              maxLength: 253,
              description: 'Name of the (cluster-scoped) Company.',
            },
          },
        },
        channel: {
          type: 'string',
          enum: [...CONNECTION_CHANNELS],
          description:
            'Messaging channel: whatsapp (Baileys session pod), whatsappapi (Cloud API), facebook, instagram. Immutable.',
          'x-kubernetes-validations': [immutable('channel')],
        },
        displayName: displayNameSchema('Connection name shown in the console (2-50 characters).'),
        suspended: {
          type: 'boolean',
          default: false,
          description: 'true stops the session (replicas 0) without deleting it.',
        },
        connectionId: {
          type: 'integer',
          format: 'int64',
          minimum: 1,
          description: "The api's id of the connection, set when the api created this resource.",
        },
        session: {
          type: 'object',
          description: 'Overrides of the session pod.',
          properties: {
            image: {
              type: 'string',
              minLength: 1,
              maxLength: 512,
              description: "Session container image; the operator's default when unset.",
            },
            resources: {
              type: 'object',
              description:
                'Compute resources of the session container (defaults: requests 50m/192Mi, limits 500m/512Mi).',
              properties: {
                requests: resourceList('Requests'),
                limits: resourceList('Limits'),
              },
            },
          },
        },
      },
    },
    status: {
      type: 'object',
      description: 'Observed state, written by the operator.',
      properties: {
        connectionId: {
          type: 'integer',
          format: 'int64',
          minimum: 1,
          description: "The api's id of the connection.",
        },
        phase: {
          type: 'string',
          enum: [...CONNECTION_PHASES],
          description: 'Pending, Starting, Running, Suspended, Degraded or Terminating.',
        },
        ready: { type: 'boolean', description: 'Whether the session pod is ready.' },
        observedGeneration: observedGenerationSchema,
        conditions: conditionsSchema(CONNECTION_CONDITION_TYPES),
      },
    },
  },
};

/**
 * The Connection CustomResourceDefinition. The Company column is `.spec.companyId`: JSONPath
 * has no fallback, and every Connection has a company id while only CR-managed tenants have a
 * companyRef (shown with `-o wide`).
 */
export function connectionCrd(): CustomResourceDefinition {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: {
      name: CONNECTION_CRD_NAME,
      labels: { 'app.kubernetes.io/part-of': 'atendo' },
    },
    spec: {
      group: GROUP,
      scope: 'Namespaced',
      names: {
        kind: CONNECTION_KIND,
        listKind: `${CONNECTION_KIND}List`,
        plural: CONNECTION_PLURAL,
        singular: 'connection',
        shortNames: ['atconn'],
        categories: ['atendo'],
      },
      versions: [
        {
          name: VERSION,
          served: true,
          storage: true,
          schema: { openAPIV3Schema: connectionSchema },
          subresources: { status: {} },
          additionalPrinterColumns: [
            {
              name: 'Company',
              type: 'integer',
              jsonPath: '.spec.companyId',
              description: "The api's company id.",
            },
            { name: 'Channel', type: 'string', jsonPath: '.spec.channel' },
            { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
            { name: 'Ready', type: 'boolean', jsonPath: '.status.ready' },
            { name: 'Company Ref', type: 'string', jsonPath: '.spec.companyRef.name', priority: 1 },
            { name: 'Display Name', type: 'string', jsonPath: '.spec.displayName', priority: 1 },
            { name: 'ID', type: 'integer', jsonPath: '.status.connectionId', priority: 1 },
            { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
          ],
        },
      ],
    },
  };
}

/** The api's connection id: spec (set by the api) first, then status (set by the operator). */
export function connectionIdOf(conn: Connection): number | undefined {
  return conn.spec.connectionId ?? conn.status?.connectionId;
}
