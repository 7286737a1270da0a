import { PLAN_FLAGS, type PlanView, type UserView } from '@atendo/domain';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { config } from '@/lib/config';

/** An api path as the console calls it. */
export const apiUrl = (path: string) => `${config.apiUrl}${path}`;

/**
 * An in-test api: each test file lists the answers it needs, and any request it did not plan
 * for fails the test, so a component that starts calling something new is noticed.
 */
export function startTestApi(...handlers: Parameters<typeof setupServer>) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** `GET /public-settings/userCreation` answering enabled or disabled. */
export const userCreation = (value: 'enabled' | 'disabled') =>
  http.get(apiUrl('/public-settings/userCreation'), () => HttpResponse.json(value));

/** A due date `days` from today (YYYY-MM-DD). */
export function dueIn(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return day.toISOString().slice(0, 10);
}

/** A user as /auth/me and /auth/login answer it. */
export function userFixture(overrides: Partial<UserView> = {}): UserView {
  return {
    id: 7,
    companyId: 2,
    name: 'Ana Admin',
    email: 'ana@demo.test',
    profile: 'admin',
    super: false,
    company: { id: 2, name: 'Demo Ltda', dueDate: dueIn(30) },
    createdAt: null,
    updatedAt: null,
    ...overrides,
  } as UserView;
}

/** A plan with every use* flag on unless overridden. */
export function planFixture(overrides: Partial<PlanView> = {}): PlanView {
  return {
    id: 1,
    name: 'Plano Básico',
    users: 5,
    connections: 2,
    queues: 3,
    amount: '99.90',
    ...Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])),
    ...overrides,
  } as PlanView;
}

export { http, HttpResponse };
