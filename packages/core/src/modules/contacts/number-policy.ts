import { rooms } from '@atendo/domain';
import type { Pushes } from '../../events/pushes.js';
import { eventNumberMasker } from './number-masking.js';

/** What the policy wraps: the api's Socket.IO server or the worker's PostgreSQL emitter. */
type Emits = Pushes;

/** Rooms every admin of the company is in. */
const HOLDS_ADMINS = new Set<string>([rooms.admins, rooms.company]);

/**
 * Pushes under LGPD hide-number (docs/product/tickets.md#who-sees-which-tickets), for every push that leaves through `pushes`:
 * when the company hides numbers, an event whose views carry a contact's number
 * (COMPANY_EVENT_VIEWS) goes whole to the admins room and masked to every other room it names.
 * A push that names neither the admins room nor the whole company goes masked to everyone in
 * its rooms, admins included (ticket and contact pushes always name the admins room).
 *
 * Reading the switches is asynchronous, so a company's pushes that follow one still waiting
 * for them wait behind it: the console receives them in the order they were made. With none
 * waiting, a push that carries no number leaves at once.
 */
export function withNumberPolicy<P extends Emits>(
  pushes: P,
  hidesNumbers: (companyId: number) => Promise<boolean>,
  onError: (err: unknown, companyId: number) => void,
): P {
  const waiting = new Map<number, Promise<void>>();
  /** Sends after the company's pushes still waiting, if any. */
  const inOrder = (companyId: number, send: () => void | Promise<void>) => {
    const settled = (waiting.get(companyId) ?? Promise.resolve())
      .then(send)
      .catch((err: unknown) => onError(err, companyId));
    waiting.set(companyId, settled);
    void settled.then(() => {
      if (waiting.get(companyId) === settled) waiting.delete(companyId);
    });
  };

  const emit: Emits['emit'] = (companyId, entity, targets, payload, except = []) => {
    const mask = eventNumberMasker(entity);
    const reachesNonAdmins = targets.some((room) => room !== rooms.admins);
    if (!mask || !reachesNonAdmins) {
      if (!waiting.has(companyId)) return pushes.emit(companyId, entity, targets, payload, except);
      return inOrder(companyId, () => pushes.emit(companyId, entity, targets, payload, except));
    }
    inOrder(companyId, async () => {
      // Unknown switches (the read failed) hide: a number withheld is the safe mistake.
      const hides = await hidesNumbers(companyId).catch(() => true);
      if (!hides) return pushes.emit(companyId, entity, targets, payload, except);
      const masked = mask(payload) as typeof payload;
      if (targets.some((room) => HOLDS_ADMINS.has(room))) {
        pushes.emit(companyId, entity, [rooms.admins], payload, except);
        pushes.emit(companyId, entity, targets, masked, [...except, rooms.admins]);
      } else {
        pushes.emit(companyId, entity, targets, masked, except);
      }
    });
  };
  const emitRaw: Emits['emitRaw'] = (companyId, event, targets, payload, ...key) => {
    if (!waiting.has(companyId)) return pushes.emitRaw(companyId, event, targets, payload, ...key);
    inOrder(companyId, () => pushes.emitRaw(companyId, event, targets, payload, ...key));
  };
  return { ...pushes, emit, emitRaw };
}
