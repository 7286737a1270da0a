import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeDispatcher, type Handlers } from '../src/http/define-routes.js';
import { errorHandler, notFound } from '../src/http/errors.js';

// The dispatcher runs a parameterless route's middleware itself (one map lookup instead of
// express's router): what a route's middleware does must end as it would under express.
let base: string;
let close: () => void;
const calls: string[] = [];

beforeAll(async () => {
  const failing: RequestHandler = async () => {
    calls.push('failing');
    throw new Error('store down');
  };
  const handlers = {
    usersIndex: async () => {
      calls.push('users handler');
      return { id: 1 };
    },
  } as unknown as Handlers;
  const app = express();
  app.use(
    routeDispatcher(
      {
        authenticate: async () => ({
          userId: 1,
          companyId: 1,
          profile: 'admin',
          super: false,
          tokenVersion: 0,
        }),
        before: { usersIndex: [failing] },
      },
      handlers,
    ),
  );
  app.use(notFound);
  app.use(errorHandler(pino({ level: 'silent' })));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

describe('the route dispatcher', () => {
  it("answers a route whose middleware rejects with the error handler's 500, never hangs", async () => {
    const res = await fetch(`${base}/users`, { signal: AbortSignal.timeout(5000) });
    expect(res.status).toBe(500);
    expect(calls).toContain('failing');
    expect(calls).not.toContain('users handler');
  });
});
