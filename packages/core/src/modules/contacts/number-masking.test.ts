import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes, type RouteDef } from '@atendo/contract';
import {
  COMPANY_EVENT_ENTITIES,
  contactNumberField,
  contactView,
  ticketView,
  type TicketView,
} from '@atendo/domain';
import { contactNumberMasker, eventNumberMasker } from './number-masking.js';

const ticket = (number: string | null): TicketView =>
  ({
    id: 1,
    contact: { id: 2, name: 'Maria', number, lgpdAcceptedAt: null },
    whatsapp: { id: 3, name: 'Loja' },
    lastMessage: 'Meu número é o de sempre',
  }) as unknown as TicketView;

describe('contactNumberMasker', () => {
  it('masks every declared field wherever the schema puts it, and nothing else', () => {
    const mask = contactNumberMasker(
      z.object({ tickets: z.array(ticketView), ticket: ticketView.nullable(), count: z.number() }),
    )!;
    const value = { tickets: [ticket('5511987654321'), ticket(null)], ticket: null, count: 2 };
    expect(mask(value)).toEqual({
      tickets: [ticket('*********4321'), ticket(null)],
      ticket: null,
      count: 2,
    });
    // The value itself is left as it was (it may be kept in a cache).
    expect(value.tickets[0]!.contact!.number).toBe('5511987654321');
  });

  it('follows optional, default, lazy, union, record and pipe schemas', () => {
    const number = contactNumberField(z.string());
    const mask = contactNumberMasker(
      z.object({
        a: z.object({ number }).optional(),
        b: z.lazy(() => z.object({ number })),
        c: z.union([z.object({ number }), z.string()]),
        d: z.record(z.string(), z.object({ number })),
        e: z.object({ number }).transform((x) => x),
      }),
    )!;
    const n = { number: '5511987654321' };
    const m = { number: '*********4321' };
    expect(mask({ a: n, b: n, c: n, d: { x: n }, e: n })).toEqual({
      a: m,
      b: m,
      c: m,
      d: { x: m },
      e: m,
    });
    expect(mask({ c: 'texto' })).toEqual({ c: 'texto' });
  });

  it('has nothing to do for views without a contact number (a connection’s own number)', () => {
    expect(contactNumberMasker(z.object({ number: z.string() }))).toBeNull();
    expect(contactNumberMasker(routes.whatsappIndex.response)).toBeNull();
    expect(contactNumberMasker(undefined)).toBeNull();
  });

  it('is compiled once per schema', () => {
    expect(contactNumberMasker(contactView)).toBe(contactNumberMasker(contactView));
  });

  it('applies to exactly the routes whose answers carry contacts', () => {
    const masking = Object.entries(routes as Record<string, RouteDef>)
      .filter(([, def]) => contactNumberMasker(def.response) !== null)
      .map(([name]) => name)
      .sort();
    expect(masking).toEqual(
      [
        'contactListItemsCreate',
        'contactListItemsIndex',
        'contactListItemsShow',
        'contactListItemsUpdate',
        'contactsBlock',
        'contactsCreate',
        'contactsImportOne',
        'contactsIndex',
        'contactsList',
        'contactsProfile',
        'contactsShow',
        'contactsToggleDisableBot',
        'contactsUpdate',
        'messagesIndex',
        'tagsContacts',
        'ticketsCreate',
        'ticketsIgnore',
        'ticketsIndex',
        'ticketsLgpdResponse',
        'ticketsShow',
        'ticketsShowUuid',
        'ticketsUpdate',
      ].sort(),
    );
  });

  it('applies to the socket events whose views carry contacts', () => {
    expect(COMPANY_EVENT_ENTITIES.filter((e) => eventNumberMasker(e) !== null)).toEqual([
      'ticket',
      'appMessage',
      'contact',
      'contactListItem',
    ]);
  });
});
