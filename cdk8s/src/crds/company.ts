import { COMPANY_KIND, COMPANY_PLURAL, COMPANY_CRD_NAME } from './names.js';
import {
  API_VERSION,
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
  type CustomResourceDefinition,
  type JSONSchemaProps,
} from './schema.js';

/**
 * Company is CLUSTER-scoped: a tenant is platform-wide (its users, tickets and connections live
 * in the api's database, not in a namespace), its name is unique across the platform like the
 * api's company, and SREs manage tenants with cluster-level RBAC. Connections, which run pods,
 * are namespaced and point at their Company by name and by the api's company id.
 */
export { COMPANY_KIND, COMPANY_PLURAL, COMPANY_CRD_NAME };

/** Lifecycle phase shown by `kubectl get companies`. */
export const COMPANY_PHASES = ['Provisioning', 'Active', 'Suspended', 'Failed'] as const;
export type CompanyPhase = (typeof COMPANY_PHASES)[number];

/** Condition types the operator sets on a Company. */
export const COMPANY_CONDITION_TYPES = ['Ready', 'Provisioned', 'Synced'] as const;
export type CompanyConditionType = (typeof COMPANY_CONDITION_TYPES)[number];

/** Default `spec.timezone`. */
export const DEFAULT_COMPANY_TIMEZONE = 'America/Sao_Paulo';

/** Quotas that override the plan's. */
export interface CompanyLimits {
  users?: number;
  connections?: number;
  queues?: number;
}

/** Desired state of a tenant. */
export interface CompanySpec {
  /** Name shown in the console, 2-50 characters. */
  displayName: string;
  /** Name of a plan in the api. */
  plan?: string;
  /** false = suspended by the SRE (default true). */
  active?: boolean;
  /** YYYY-MM-DD. Set: GitOps owns the due date. Unset: the api's billing owns it. */
  dueDate?: string;
  /** IANA time zone (default America/Sao_Paulo). */
  timezone?: string;
  /** The first admin, created once when the tenant is provisioned. */
  adminEmail: string;
  limits?: CompanyLimits;
}

/** Observed state of a tenant, written by the operator. */
export interface CompanyStatus {
  companyId?: number;
  phase?: CompanyPhase;
  active?: boolean;
  dueDate?: string;
  plan?: string;
  observedGeneration?: number;
  conditions?: Condition<CompanyConditionType | (string & {})>[];
}

/** A Company custom resource. */
export interface Company {
  apiVersion: typeof API_VERSION;
  kind: typeof COMPANY_KIND;
  metadata: ObjectMeta;
  spec: CompanySpec;
  status?: CompanyStatus;
}

const limit = (what: string): JSONSchemaProps => ({
  type: 'integer',
  format: 'int32',
  minimum: 0,
  description: `Maximum number of ${what}; overrides the plan's (0 = unlimited, as in the api).`,
});

/** OpenAPI v3 schema of Company (descriptions feed `kubectl explain companies`). */
export const companySchema: JSONSchemaProps = {
  type: 'object',
  description:
    'A tenant of the Atendo platform. The operator provisions it in the api, mirrors plan, ' +
    'active flag and due date, and suspends its connections while it is inactive. Cluster-scoped: ' +
    'tenants are platform-wide.',
  required: ['spec'],
  properties: {
    apiVersion: {
      type: 'string',
      description: 'APIVersion of this representation (atendo.io/v1alpha1).',
    },
    kind: { type: 'string', description: 'Kind of this resource (Company).' },
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      description: 'Desired state of the tenant.',
      required: ['displayName', 'adminEmail'],
      properties: {
        displayName: displayNameSchema('Company name shown in the console (2-50 characters).'),
        plan: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description:
            "Name of a plan defined in the api (atendo plans list); sets the tenant's default limits.",
        },
        active: {
          type: 'boolean',
          default: true,
          description:
            'false suspends the tenant: users cannot log in and every Connection of the company is scaled to 0.',
        },
        dueDate: {
          type: 'string',
          format: 'date',
          description:
            'Billing due date (YYYY-MM-DD). When set, GitOps owns the due date and the operator writes it to the api; ' +
            "when unset, the api's billing owns it and status.dueDate mirrors it.",
        },
        timezone: {
          type: 'string',
          default: DEFAULT_COMPANY_TIMEZONE,
          maxLength: 64,
          pattern: '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$',
          description:
            'IANA time zone of the tenant (business hours, schedules), e.g. America/Sao_Paulo.',
        },
        adminEmail: {
          type: 'string',
          format: 'email',
          maxLength: 254,
          description:
            "E-mail of the company's first admin, created once when the tenant is provisioned. Immutable: " +
            'manage later users in the console.',
          'x-kubernetes-validations': [immutable('adminEmail')],
        },
        limits: {
          type: 'object',
          description: "Quotas that override the plan's.",
          properties: {
            users: limit('users'),
            connections: limit('connections'),
            queues: limit('queues'),
          },
        },
      },
    },
    status: {
      type: 'object',
      description: 'Observed state, written by the operator.',
      properties: {
        companyId: {
          type: 'integer',
          format: 'int64',
          minimum: 1,
          description: "The api's id of the company (set once it is provisioned).",
        },
        phase: {
          type: 'string',
          enum: [...COMPANY_PHASES],
          description: 'Provisioning, Active, Suspended or Failed.',
        },
        active: { type: 'boolean', description: 'Whether the tenant is active in the api.' },
        dueDate: { type: 'string', format: 'date', description: 'Due date the api holds.' },
        plan: { type: 'string', description: 'Plan the api holds.' },
        observedGeneration: observedGenerationSchema,
        conditions: conditionsSchema(COMPANY_CONDITION_TYPES),
      },
    },
  },
};

/** The Company CustomResourceDefinition. */
export function companyCrd(): CustomResourceDefinition {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: {
      name: COMPANY_CRD_NAME,
      labels: { 'app.kubernetes.io/part-of': 'atendo' },
    },
    spec: {
      group: GROUP,
      scope: 'Cluster',
      names: {
        kind: COMPANY_KIND,
        listKind: `${COMPANY_KIND}List`,
        plural: COMPANY_PLURAL,
        singular: 'company',
        shortNames: ['atco'],
        categories: ['atendo'],
      },
      versions: [
        {
          name: VERSION,
          served: true,
          storage: true,
          schema: { openAPIV3Schema: companySchema },
          subresources: { status: {} },
          additionalPrinterColumns: [
            { name: 'Display Name', type: 'string', jsonPath: '.spec.displayName' },
            { name: 'Plan', type: 'string', jsonPath: '.spec.plan' },
            { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
            { name: 'Due', type: 'string', jsonPath: '.status.dueDate' },
            { name: 'ID', type: 'integer', jsonPath: '.status.companyId', priority: 1 },
            { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
          ],
        },
      ],
    },
  };
}

/** Removes undefined keys so YAML output holds only what was given. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** A Company object for GitOps (`atendo manifests company NAME` prints it as YAML). */
export function desiredCompanyManifest(name: string, spec: CompanySpec): Company {
  const limits = spec.limits ? compact(spec.limits) : undefined;
  return {
    apiVersion: API_VERSION,
    kind: COMPANY_KIND,
    metadata: { name },
    spec: compact({
      displayName: spec.displayName,
      plan: spec.plan,
      active: spec.active,
      dueDate: spec.dueDate,
      timezone: spec.timezone,
      adminEmail: spec.adminEmail,
      limits: limits && Object.keys(limits).length > 0 ? limits : undefined,
    }),
  };
}
