import { describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '@atendo/contract';
import { checkSqlJson } from '../src/http/define-routes.js';

// The ticket and message lists send the JSON PostgreSQL builds; under CHECK_SQL_JSON (every
// test run) each such answer must be exactly what the response schema would send, so a view
// column added to the SQL but not to the schema (or the reverse) fails the tests that list.
describe('checkSqlJson', () => {
  const def = routes.ticketsIndex as RouteDef;
  const at = '2026-11-27T01:00:00.123456+00:00';
  const ticket = {
    id: 1,
    uuid: 'u',
    status: 'open',
    channel: 'whatsapp',
    companyId: 1,
    contactId: 1,
    contact: null,
    userId: null,
    user: null,
    queueId: null,
    queue: null,
    whatsappId: null,
    whatsapp: null,
    tags: [],
    lastMessage: null,
    unreadMessages: 0,
    isGroup: false,
    isBot: false,
    isTransfered: false,
    useIntegration: false,
    lgpdAccepted: false,
    createdAt: at,
    updatedAt: at,
  };
  const answer = { tickets: [ticket], count: 1, hasMore: false };

  it('passes an answer the schema sends unchanged, whatever its key order', () => {
    expect(() => checkSqlJson(def, JSON.stringify(answer))).not.toThrow();
    const reordered = { hasMore: false, count: 1, tickets: [{ ...ticket }].reverse() };
    expect(() => checkSqlJson(def, JSON.stringify(reordered))).not.toThrow();
  });

  it('refuses a key the schema would drop, a missing one and a wrong type, naming where', () => {
    expect(() => checkSqlJson(def, JSON.stringify({ ...answer, extra: 1 }))).toThrow(/at \.extra/);
    const leaky = { ...answer, tickets: [{ ...ticket, secret: 'x' }] };
    expect(() => checkSqlJson(def, JSON.stringify(leaky))).toThrow(/at \.tickets\.0\.secret/);
    const { hasMore: _, ...partial } = answer;
    expect(() => checkSqlJson(def, JSON.stringify(partial))).toThrow(/schema/);
    expect(() => checkSqlJson(def, JSON.stringify({ ...answer, count: '1' }))).toThrow(/schema/);
  });
});
