/**
 * How api and worker code reach Temporal (`ctx.processes`). The database holds every process's
 * state; a workflow holds only its timing. So every method answers instead of throwing when
 * Temporal cannot be reached (the caller's state change already committed, and the worker's
 * resume step restarts what should run), and a signal is a nudge a workflow may also miss.
 */
export interface ProcessGateway {
  /**
   * Starts workflow type `name` with id `workflowId`. A running workflow with that id is left
   * alone (false), unless `restart` terminates it first. False when Temporal is unreachable.
   */
  start(
    name: string,
    workflowId: string,
    args: unknown[],
    options?: { restart?: boolean },
  ): Promise<boolean>;
  /** Signals a running workflow; false when none runs with that id (or Temporal is unreachable). */
  signal(workflowId: string, signal: string, args?: unknown[]): Promise<boolean>;
  /** Signals the workflow, starting it first when none runs with that id. */
  signalWithStart(
    name: string,
    workflowId: string,
    signal: string,
    signalArgs: unknown[],
    args: unknown[],
  ): Promise<boolean>;
  /** Asks a workflow a query; undefined when it cannot answer. */
  query<T>(workflowId: string, query: string, args?: unknown[]): Promise<T | undefined>;
  /** Requests cancellation (the workflow sees a CancelledFailure); false when none runs. */
  cancel(workflowId: string): Promise<boolean>;
  close(): Promise<void>;
}

/** The task queue every Atendo workflow and activity runs on. */
export const PROCESS_TASK_QUEUE = 'atendo-main';
