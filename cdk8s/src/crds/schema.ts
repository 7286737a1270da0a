/**
 * The small slice of apiextensions.k8s.io/v1 we write CRDs with. Field names are the JSON ones
 * (client-node's V1JSONSchemaProps renames the `x-kubernetes-*` keys, so it cannot be used for
 * literal schemas).
 */

/** One `x-kubernetes-validations` CEL rule. */
export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: 'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate';
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

/** A structural OpenAPI v3 schema as Kubernetes accepts it in a CRD. */
export interface JSONSchemaProps {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  description?: string;
  format?: string;
  enum?: (string | number | boolean)[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  nullable?: boolean;
  required?: string[];
  properties?: Record<string, JSONSchemaProps>;
  items?: JSONSchemaProps;
  additionalProperties?: JSONSchemaProps | boolean;
  anyOf?: JSONSchemaProps[];
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-validations'?: ValidationRule[];
}

/** A column of `kubectl get`. */
export interface PrinterColumn {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  jsonPath: string;
  description?: string;
  priority?: number;
  format?: string;
}

/** apiextensions.k8s.io/v1 CustomResourceDefinition (the fields we use). */
export interface CustomResourceDefinition {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'CustomResourceDefinition';
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: {
    group: string;
    scope: 'Cluster' | 'Namespaced';
    names: {
      kind: string;
      listKind: string;
      plural: string;
      singular: string;
      shortNames?: string[];
      categories?: string[];
    };
    versions: {
      name: string;
      served: boolean;
      storage: boolean;
      schema: { openAPIV3Schema: JSONSchemaProps };
      subresources?: { status?: Record<string, never> };
      additionalPrinterColumns?: PrinterColumn[];
    }[];
  };
}

/** Quantity such as `250m` or `512Mi` (the same schema controller-gen emits for resource.Quantity). */
export function quantitySchema(description: string): JSONSchemaProps {
  return {
    description,
    anyOf: [{ type: 'integer' }, { type: 'string' }],
    pattern:
      '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
    'x-kubernetes-int-or-string': true,
  };
}

/** A display name: 2-50 characters, not blank. */
export function displayNameSchema(description: string): JSONSchemaProps {
  return {
    type: 'string',
    description,
    minLength: 2,
    maxLength: 50,
    'x-kubernetes-validations': [
      { rule: 'self.trim().size() >= 2', message: 'must have at least 2 non-blank characters' },
    ],
  };
}

/** A field that cannot change once set. */
export const immutable = (what: string): ValidationRule => ({
  rule: 'self == oldSelf',
  message: `${what} is immutable`,
});
