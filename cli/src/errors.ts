import { ApiError } from '@atendo/api-client';
import type { ErrorCode } from '@atendo/domain';

/** Exit codes: 0 success, 1 failure, 2 usage (bad or missing input), 130 cancelled by the user. */
export const EXIT = { ok: 0, failure: 1, usage: 2, cancelled: 130 } as const;

export interface CliErrorOptions {
  /** Process exit code; failure (1) unless told. */
  exitCode?: number;
  /** The api error code behind this error, shown next to the message. */
  code?: string;
  /** What the user can do about it, one line each. */
  nextSteps?: string[];
}

/** An error meant for the user: a sentence, an optional code and next steps; never a stack trace. */
export class CliError extends Error {
  readonly exitCode: number;
  readonly code?: string;
  readonly nextSteps: string[];

  constructor(message: string, options: CliErrorOptions = {}) {
    super(message);
    this.name = 'CliError';
    this.exitCode = options.exitCode ?? EXIT.failure;
    this.code = options.code;
    this.nextSteps = options.nextSteps ?? [];
  }
}

/** A usage error: missing or invalid input (exit code 2). */
export function usageError(message: string, nextSteps: string[] = []): CliError {
  return new CliError(message, { exitCode: EXIT.usage, nextSteps });
}

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  ERR_INVALID_CREDENTIALS: 'Invalid email or password.',
  ERR_SESSION_EXPIRED: 'Your session has expired.',
  ERR_INVALID_TOKEN: 'Your session is no longer valid.',
  ERR_NO_PERMISSION: 'You do not have permission to do this.',
  ERR_COMPANY_INACTIVE: 'Your company is inactive.',
  ERR_SUBSCRIPTION_EXPIRED: "Your company's subscription has expired.",
  ERR_TOO_MANY_REQUESTS: 'Too many attempts; wait a few minutes and try again.',
  ERR_VALIDATION: 'The api rejected the input.',
  ERR_NO_COMPANY_FOUND: 'Company not found.',
  ERR_NO_PLAN_FOUND: 'Plan not found.',
  ERR_DUPLICATED_COMPANY: 'A company with this name already exists.',
  ERR_DUPLICATED_PLAN: 'A plan with this name already exists.',
  ERR_DUPLICATED_EMAIL: 'This email is already in use.',
  ERR_PLAN_IN_USE: 'The plan is used by a company and cannot be deleted.',
  ERR_CANNOT_DELETE_PLATFORM_COMPANY: "The platform's own company cannot be deleted.",
  ERR_INTERNAL: 'The api failed with an internal error.',
};

const LOGIN_AS_SUPER =
  'Run `atendo login` with a super admin account (e.g. `atendo login --email admin@atendo.local`).';

export interface DescribeOptions {
  /** The api URL, named when it cannot be reached. */
  apiUrl: string;
  /** The command needs a super admin: a 401/403 then explains how to log in as one. */
  needsSuper?: boolean;
}

/** Turns a failure of an api call into a CliError the user can act on. */
export function describeApiFailure(err: unknown, options: DescribeOptions): CliError {
  if (err instanceof CliError) return err;
  if (err instanceof ApiError) {
    const code = err.code;
    const base = MESSAGES[code as ErrorCode] ?? `The api answered HTTP ${err.status}.`;
    const nextSteps: string[] = [];
    let message = base;
    if (code === 'ERR_VALIDATION' && err.body.fields?.length) {
      message = `${base} ${err.body.fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`;
    }
    if (err.status === 401 || err.status === 403) {
      if (options.needsSuper && (code === 'ERR_NO_PERMISSION' || err.status === 403)) {
        message = `${base} This command needs a super admin.`;
        nextSteps.push(LOGIN_AS_SUPER);
      } else if (code !== 'ERR_INVALID_CREDENTIALS') {
        nextSteps.push(options.needsSuper ? LOGIN_AS_SUPER : 'Run `atendo login` again.');
      }
    }
    return new CliError(message, { code, nextSteps });
  }
  if (isNetworkError(err)) {
    return new CliError(`Could not reach the Atendo api at ${options.apiUrl}.`, {
      nextSteps: [
        'Check that the api is running.',
        'Point the CLI at it with --api <url> or ATENDO_API_URL.',
      ],
    });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new CliError(`Unexpected error: ${message}`);
}

function isNetworkError(err: unknown): boolean {
  // Node's fetch rejects with TypeError('fetch failed') and the socket error as its cause.
  return err instanceof TypeError && /fetch failed/i.test(err.message);
}
