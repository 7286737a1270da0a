import { describe, expect, it } from 'vitest';
import { rooms, type CompanyEventEntity } from '@atendo/domain';
import { withNumberPolicy } from './number-policy.js';
import type { Pushes } from '../../events/pushes.js';

type Sent = { entity: string; rooms: string[]; except: string[]; payload: unknown };

/** A pushes double recording what leaves, in order. */
function recorder() {
  const sent: Sent[] = [];
  return {
    sent,
    pushes: {
      emit(
        _companyId: number,
        entity: CompanyEventEntity,
        to: string[],
        payload: { action: string } & Record<string, unknown>,
        except: string[] = [],
      ) {
        sent.push({ entity, rooms: to, except, payload });
      },
      emitRaw(_companyId: number, event: string, to: string[], payload: unknown) {
        sent.push({ entity: event, rooms: to, except: [], payload });
      },
    },
  };
}

/** What these cases send: rooms and masking are tested, so payloads are left partial. */
interface LoosePushes {
  emit(
    companyId: number,
    entity: CompanyEventEntity,
    to: string[],
    payload: object,
    except?: string[],
  ): void;
  emitRaw(companyId: number, event: string, to: string[], payload: unknown): void;
}

/** The policy over a recorder, with the payloads' declared types set aside. */
function policed(
  pushes: ReturnType<typeof recorder>['pushes'],
  hidesNumbers: (companyId: number) => Promise<boolean>,
  onError: (err: unknown, companyId: number) => void,
): LoosePushes {
  return withNumberPolicy(
    pushes as unknown as Pushes,
    hidesNumbers,
    onError,
  ) as unknown as LoosePushes;
}

const contact = (number: string) => ({ id: 1, name: 'Maria', number });
const flush = () => new Promise((r) => setTimeout(r, 10));

describe('withNumberPolicy', () => {
  it('sends admins the number and every other room the masked one while the company hides it', async () => {
    const r = recorder();
    const p = policed(
      r.pushes,
      async () => true,
      () => {},
    );
    p.emit(1, 'contact', [rooms.company], { action: 'update', contact: contact('5511987654321') });
    p.emit(1, 'ticket', [rooms.admins, rooms.user(5)], {
      action: 'update',
      ticket: { id: 9, contact: contact('5511987654321') },
    });
    await flush();
    expect(r.sent).toEqual([
      {
        entity: 'contact',
        rooms: [rooms.admins],
        except: [],
        payload: { action: 'update', contact: contact('5511987654321') },
      },
      {
        entity: 'contact',
        rooms: [rooms.company],
        except: [rooms.admins],
        payload: { action: 'update', contact: contact('*********4321') },
      },
      {
        entity: 'ticket',
        rooms: [rooms.admins],
        except: [],
        payload: { action: 'update', ticket: { id: 9, contact: contact('5511987654321') } },
      },
      {
        entity: 'ticket',
        rooms: [rooms.admins, rooms.user(5)],
        except: [rooms.admins],
        payload: { action: 'update', ticket: { id: 9, contact: contact('*********4321') } },
      },
    ]);
  });

  it('masks a push that names no room holding the admins for everyone in its rooms', async () => {
    const r = recorder();
    const p = policed(
      r.pushes,
      async () => true,
      () => {},
    );
    p.emit(1, 'contact', [rooms.user(5)], { action: 'update', contact: contact('5511987654321') });
    await flush();
    expect(r.sent).toEqual([
      {
        entity: 'contact',
        rooms: [rooms.user(5)],
        except: [],
        payload: { action: 'update', contact: contact('*********4321') },
      },
    ]);
  });

  it('sends one push as it is when the company does not hide numbers, or to admins only', async () => {
    const r = recorder();
    const hides = new Map([
      [1, false],
      [2, true],
    ]);
    const p = policed(
      r.pushes,
      async (id) => hides.get(id)!,
      () => {},
    );
    const payload = { action: 'update', contact: contact('5511987654321') };
    p.emit(1, 'contact', [rooms.company], payload);
    p.emit(2, 'contactListItem', [rooms.admins], { action: 'create', record: payload.contact });
    await flush();
    expect(r.sent.map((s) => [s.entity, s.rooms, s.payload])).toEqual([
      ['contactListItem', [rooms.admins], { action: 'create', record: payload.contact }],
      ['contact', [rooms.company], payload],
    ]);
  });

  it('keeps a company’s pushes in order behind one waiting for the switches', async () => {
    const r = recorder();
    let release!: (hides: boolean) => void;
    const switches = new Promise<boolean>((resolve) => (release = resolve));
    const p = policed(
      r.pushes,
      () => switches,
      () => {},
    );
    p.emit(1, 'ticket', [rooms.user(5)], { action: 'update', ticket: { id: 9, contact: null } });
    p.emit(1, 'ticket', [rooms.user(5)], { action: 'delete', ticketId: 9 });
    p.emitRaw(1, 'importMessages', [rooms.company], { this: 1 });
    p.emit(2, 'user', [rooms.company], { action: 'update', user: { id: 5 } });
    // Another company's push waits for nothing.
    expect(r.sent.map((s) => s.entity)).toEqual(['user']);
    release(false);
    await flush();
    expect(r.sent.map((s) => [s.entity, (s.payload as { action?: string }).action])).toEqual([
      ['user', 'update'],
      ['ticket', 'update'],
      ['ticket', 'delete'],
      ['importMessages', undefined],
    ]);
  });

  it('hides when the switches cannot be read', async () => {
    const r = recorder();
    const p = policed(
      r.pushes,
      () => Promise.reject(new Error('down')),
      () => {},
    );
    p.emit(1, 'contact', [rooms.user(5)], { action: 'update', contact: contact('5511987654321') });
    await flush();
    expect(r.sent[0]!.payload).toEqual({ action: 'update', contact: contact('*********4321') });
  });
});
