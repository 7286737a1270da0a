import { describe, expect, it } from 'vitest';
import { rooms } from '@atendo/domain';
import type { RealtimeInput } from '@atendo/contract';
import {
  realtimeCheckOn,
  takeRealtimeMismatches,
  withRealtimeCheck,
  type Pushes,
} from '@atendo/core/events/pushes.js';

/** A pushes double recording the names of what leaves. */
function recorder() {
  const sent: string[] = [];
  const pushes: Pushes = {
    emit: (_companyId, entity) => void sent.push(entity),
    emitRaw: (_companyId, event, _rooms, _payload, ..._key) => void sent.push(event),
  };
  return { sent, pushes };
}

const tag = {
  id: 3,
  name: 'VIP',
  color: '#ff0000',
  kanban: 0,
  userId: null,
  createdAt: new Date('2026-01-02T03:04:05Z'),
  updatedAt: '2026-01-02T03:04:05.000Z',
};

describe('CHECK_REALTIME (docs/product/realtime.md#events)', () => {
  it('is on under NODE_ENV=test unless set, off elsewhere', () => {
    expect(realtimeCheckOn({ NODE_ENV: 'test' })).toBe(true);
    expect(realtimeCheckOn({ NODE_ENV: 'production' })).toBe(false);
    expect(realtimeCheckOn({ NODE_ENV: 'test', CHECK_REALTIME: 'false' })).toBe(false);
    expect(realtimeCheckOn({ NODE_ENV: 'development', CHECK_REALTIME: 'true' })).toBe(true);
  });

  it('sends a payload its declaration describes (Dates as they travel)', () => {
    const r = recorder();
    const checked = withRealtimeCheck(r.pushes);
    checked.emit(1, 'tag', [rooms.company], { action: 'create', tag });
    checked.emit(1, 'tag', [rooms.company], { action: 'delete', tagId: 3 });
    checked.emitRaw(1, 'importMessages', [rooms.company], { action: 'refresh', whatsappId: 2 });
    checked.emitRaw(1, 'chatUser', [rooms.user(5)], { action: 'delete', id: 8 }, 5);
    expect(r.sent).toEqual(['tag', 'tag', 'importMessages', 'chatUser']);
    expect(takeRealtimeMismatches()).toEqual([]);
  });

  it('throws on a payload that does not match, sends nothing, and records it', () => {
    const r = recorder();
    const checked = withRealtimeCheck(r.pushes);
    // A field missing from the view.
    const { name: _name, ...nameless } = tag;
    expect(() =>
      checked.emit(1, 'tag', [rooms.company], {
        action: 'update',
        tag: nameless,
      } as unknown as RealtimeInput<'tag'>),
    ).toThrow(/company-\{id\}-tag.*tag\.name/);
    // An action the event does not have.
    expect(() =>
      checked.emit(1, 'tag', [rooms.company], {
        action: 'reload',
      } as unknown as RealtimeInput<'tag'>),
    ).toThrow(/company-\{id\}-tag/);
    // A field the declaration does not name (it would leave unnoticed otherwise).
    expect(() =>
      checked.emit(1, 'user', [rooms.company], {
        action: 'delete',
        userId: 4,
        passwordHash: 'x',
      } as unknown as RealtimeInput<'user'>),
    ).toThrow(/company-\{id\}-user differs from its declaration at \.passwordHash/);
    expect(() =>
      checked.emitRaw(1, 'importMessages', [rooms.company], {
        action: 'update',
        whatsappId: '2',
      } as never),
    ).toThrow(/importMessages-\{id\}/);
    expect(r.sent).toEqual([]);
    expect(takeRealtimeMismatches()).toHaveLength(4);
  });
});
