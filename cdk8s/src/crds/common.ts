import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { JSONSchemaProps } from './schema.js';

export { GROUP, VERSION, API_VERSION } from './names.js';

/** Status of a condition (metav1.ConditionStatus). */
export type ConditionStatus = 'True' | 'False' | 'Unknown';

/** The standard metav1.Condition shape. */
export interface Condition<T extends string = string> {
  type: T;
  status: ConditionStatus;
  /** CamelCase machine reason, e.g. `StatefulSetReady`. */
  reason: string;
  message: string;
  /** RFC 3339 time of the last status change. */
  lastTransitionTime: string;
  observedGeneration?: number;
}

/** Metadata of our resources (client-node's, so the operator can pass them straight through). */
export type ObjectMeta = V1ObjectMeta;

/** OpenAPI schema of metav1.Condition, as controller-gen writes it. */
export function conditionsSchema(types: readonly string[]): JSONSchemaProps {
  return {
    type: 'array',
    description: `Latest observations of the resource's state (types: ${types.join(', ')}).`,
    'x-kubernetes-list-type': 'map',
    'x-kubernetes-list-map-keys': ['type'],
    maxItems: 16,
    items: {
      type: 'object',
      description: 'One aspect of the current state (metav1.Condition).',
      required: ['type', 'status', 'reason', 'message', 'lastTransitionTime'],
      properties: {
        type: {
          type: 'string',
          description: `Type of condition in CamelCase (${types.join(', ')}).`,
          maxLength: 316,
          pattern:
            '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$',
        },
        status: {
          type: 'string',
          description: 'Status of the condition: True, False or Unknown.',
          enum: ['True', 'False', 'Unknown'],
        },
        reason: {
          type: 'string',
          description: "Programmatic identifier of the condition's last transition, in CamelCase.",
          minLength: 1,
          maxLength: 1024,
          pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$',
        },
        message: {
          type: 'string',
          description: 'Human-readable details of the transition.',
          maxLength: 32768,
        },
        lastTransitionTime: {
          type: 'string',
          format: 'date-time',
          description: 'When the condition last changed from one status to another.',
        },
        observedGeneration: {
          type: 'integer',
          format: 'int64',
          minimum: 0,
          description: '.metadata.generation the condition was set from.',
        },
      },
    },
  };
}

/** Schema of `status.observedGeneration`. */
export const observedGenerationSchema: JSONSchemaProps = {
  type: 'integer',
  format: 'int64',
  minimum: 0,
  description: 'The .metadata.generation the operator last reconciled.',
};
