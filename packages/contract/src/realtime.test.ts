import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_EVENT,
  COMPANY_EVENT_ENTITIES,
  companyEvent,
  importMessagesEvent,
  RAW_REALTIME_EVENTS,
} from '@atendo/domain';
import {
  companyEvents,
  rawEvents,
  REALTIME_ENTITIES,
  REALTIME_RAW_EVENTS,
  realtimeEventName,
  realtimeRawEventName,
} from './realtime.js';

describe('realtime declarations (docs/product/realtime.md#events)', () => {
  it('declares every company event entity, and nothing else', () => {
    expect([...REALTIME_ENTITIES].sort()).toEqual([...COMPANY_EVENT_ENTITIES].sort());
  });

  it('declares every raw event, and nothing else', () => {
    expect([...REALTIME_RAW_EVENTS].sort()).toEqual([...RAW_REALTIME_EVENTS].sort());
  });

  it('names events as the console listens to them', () => {
    for (const entity of REALTIME_ENTITIES) {
      expect(realtimeEventName(7, entity)).toBe(companyEvent(7, entity));
      expect(companyEvents[entity].name).toBe(`company-{id}-${entity}`);
    }
    expect(realtimeRawEventName(7, 'companyAnnouncement')).toBe(ANNOUNCEMENT_EVENT);
    expect(realtimeRawEventName(7, 'importMessages')).toBe(importMessagesEvent(7));
    expect(realtimeRawEventName(7, 'ticketMigration')).toBe('company-7-ticketMigration');
    expect(realtimeRawEventName(7, 'chatUser', 3)).toBe('company-7-chat-user-3');
    expect(realtimeRawEventName(7, 'chatPane', 9)).toBe('company-7-chat-9');
  });

  it('gives each event a summary, its rooms, and a payload discriminated on action', () => {
    for (const def of [...Object.values(companyEvents), ...Object.values(rawEvents)]) {
      expect(def.summary.length).toBeGreaterThan(0);
      expect(def.rooms.length).toBeGreaterThan(0);
      expect(def.roomKinds.length).toBeGreaterThan(0);
      // Every payload requires an action.
      expect(def.payload.safeParse({}).success).toBe(false);
    }
  });
});
