/**
 * The Company controller. reconcile("name") provisions or updates the tenant in the api (an
 * idempotent PUT keyed by the resource name), mirrors the api's answer into status, and
 * enqueues the company's Connections so they follow its effective activity: scaled to 0 while
 * the company is inactive (spec.active false or overdue), back to 1 when it is active again.
 */
import type { Company, CompanySpec, CompanyStatus } from '@atendo/cdk8s';
import type { Logger } from 'pino';
import {
  ApiError,
  type CompanyState,
  type CompanyUpsert,
  type InternalApiClient,
} from '../atendo-api/internal-api-client.js';
import { sameStatus, setConditions, type ConditionInput } from '../kube/conditions.js';
import type { Reconciler, ReconcileResult } from '../kube/controller.js';
import { describeError } from '../kube/errors.js';
import type { EventRecorder } from '../kube/events.js';
import { isBeingDeleted } from '../kube/finalizers.js';
import type { CustomResourceClient } from '../kube/resources.js';

export interface CompanyReconcilerDeps {
  companies: CustomResourceClient<Company>;
  api: InternalApiClient;
  events: EventRecorder;
  logger: Logger;
  /** Enqueues every Connection of the company (by api id and by companyRef name). */
  enqueueConnections: (company: { companyId: number; name: string }) => void;
}

/** Reconciles Company resources into api tenants. */
export class CompanyReconciler implements Reconciler {
  readonly name = 'company';

  constructor(private readonly deps: CompanyReconcilerDeps) {}

  async reconcile(name: string): Promise<ReconcileResult | void> {
    const company = await this.deps.companies.get(name);
    // Deleting a Company does not delete the tenant's data in the api: that stays an explicit
    // super-admin action, so there is no finalizer.
    if (!company || isBeingDeleted(company)) return;
    const log = this.deps.logger.child({ controller: this.name, company: name });

    let state: CompanyState;
    try {
      state = await this.deps.api.upsertCompany(name, upsertBody(company.spec));
    } catch (err) {
      await this.reportFailure(company, err, log);
      throw err;
    }

    const previous = company.status;
    const status = companyStatus(company, state);
    if (!sameStatus(previous ?? {}, status)) {
      await this.deps.companies.patchStatus(company, status);
      log.info({ companyId: state.id, phase: status.phase, active: state.status }, 'Updated status');
    }
    if (previous?.companyId === undefined) {
      log.info({ companyId: state.id }, 'Provisioned company');
      await this.deps.events.record(company, 'Normal', 'Provisioned', `Provisioned in the api as company ${state.id}`);
    } else if (previous.active !== undefined && previous.active !== state.status) {
      const reason = state.status ? 'Activated' : 'Suspended';
      log.info({ companyId: state.id, overdue: state.overdue }, state.status ? 'Activated company' : 'Suspended company');
      await this.deps.events.record(company, 'Normal', reason, suspensionMessage(company, state));
    }
    // Level-triggered: connections re-read the company's state from the api themselves.
    this.deps.enqueueConnections({ companyId: state.id, name });
  }

  private async reportFailure(company: Company, err: unknown, log: Logger): Promise<void> {
    const rejected = err instanceof ApiError && err.status >= 400 && err.status < 500;
    const reason = rejected ? 'ApiRejected' : 'ApiUnavailable';
    const message = describeError(err);
    const provisioned = company.status?.companyId !== undefined;
    const generation = company.metadata.generation;
    const inputs: ConditionInput[] = [
      { type: 'Synced', status: 'False', reason, message, observedGeneration: generation },
    ];
    if (!provisioned) {
      inputs.push({ type: 'Provisioned', status: 'False', reason, message, observedGeneration: generation });
      inputs.push({ type: 'Ready', status: 'False', reason, message, observedGeneration: generation });
    }
    const status: CompanyStatus = {
      ...company.status,
      phase: rejected && !provisioned ? 'Failed' : (company.status?.phase ?? 'Provisioning'),
      conditions: setConditions(company.status?.conditions, inputs),
    };
    try {
      if (!sameStatus(company.status ?? {}, status)) await this.deps.companies.patchStatus(company, status);
      await this.deps.events.record(company, 'Warning', reason, message);
    } catch (statusErr) {
      log.warn({ err: describeError(statusErr) }, 'Could not report failure status');
    }
  }
}

/** The PUT body: the spec with the schema's defaults, undefined fields left out. */
export function upsertBody(spec: CompanySpec): CompanyUpsert {
  return {
    displayName: spec.displayName,
    active: spec.active ?? true,
    adminEmail: spec.adminEmail,
    ...(spec.plan !== undefined ? { plan: spec.plan } : {}),
    ...(spec.dueDate !== undefined ? { dueDate: spec.dueDate } : {}),
    ...(spec.timezone !== undefined ? { timezone: spec.timezone } : {}),
    ...(spec.limits !== undefined ? { limits: spec.limits } : {}),
  };
}

/** Why an inactive company is inactive: its spec first, then billing. */
function inactivity(company: Company, state: CompanyState): { reason: string; message: string } {
  if (company.spec.active === false) {
    return { reason: 'SpecInactive', message: 'The company is suspended (spec.active is false).' };
  }
  if (state.overdue) {
    return { reason: 'Overdue', message: 'The subscription is overdue; the api suspended the company.' };
  }
  return { reason: 'Inactive', message: 'The api reports the company inactive.' };
}

function suspensionMessage(company: Company, state: CompanyState): string {
  if (state.status) return `Company ${state.id} is active; its connections resume`;
  return `Company ${state.id} is inactive: ${inactivity(company, state).message} Its connections are scaled to 0.`;
}

/** The status mirroring the api's answer. */
export function companyStatus(company: Company, state: CompanyState, now: Date = new Date()): CompanyStatus {
  const generation = company.metadata.generation;
  const c = (input: Omit<ConditionInput, 'observedGeneration'>): ConditionInput => ({
    ...input,
    observedGeneration: generation,
  });
  const { reason: inactiveReason, message: inactiveMessage } = inactivity(company, state);
  const conditions = setConditions(
    company.status?.conditions,
    [
      c({ type: 'Provisioned', status: 'True', reason: 'Provisioned', message: `Company ${state.id} exists in the api.` }),
      c({ type: 'Synced', status: 'True', reason: 'Synced', message: 'The api holds the current spec.' }),
      state.status
        ? c({ type: 'Ready', status: 'True', reason: 'Active', message: 'The company is active.' })
        : c({ type: 'Ready', status: 'False', reason: inactiveReason, message: inactiveMessage }),
      state.status
        ? c({ type: 'Suspended', status: 'False', reason: 'Active', message: '' })
        : c({ type: 'Suspended', status: 'True', reason: inactiveReason, message: inactiveMessage }),
    ],
    now,
  );
  const dueDate = dateOnly(state.dueDate);
  return {
    companyId: state.id,
    phase: state.status ? 'Active' : 'Suspended',
    active: state.status,
    ...(dueDate ? { dueDate } : {}),
    ...(state.plan ? { plan: state.plan } : {}),
    ...(generation !== undefined ? { observedGeneration: generation } : {}),
    conditions,
  };
}

/** status.dueDate has format "date": keep YYYY-MM-DD of whatever the api answers. */
function dateOnly(value: string | null | undefined): string | undefined {
  const match = value ? /^\d{4}-\d{2}-\d{2}/.exec(value) : null;
  return match ? match[0] : undefined;
}
