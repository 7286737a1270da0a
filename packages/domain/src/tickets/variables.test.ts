import { describe, expect, it } from 'vitest';
import { greetingFor } from '../business-hours.js';
import { renderVariables } from './variables.js';

const ctx = {
  contact: { name: 'Maria  da Silva', number: '5511999990000', email: 'm@x.io' },
  user: { name: 'Ana' },
  ticket: { id: 42, protocol: '20261123-0042' },
  queue: { name: 'Vendas' },
  connection: { name: 'Loja' },
  timeZone: 'America/Sao_Paulo',
  // 13:30 UTC = 10:30 in São Paulo.
  now: new Date('2026-11-23T13:30:00Z'),
};

describe('message variables', () => {
  it('renders every variable of docs/product/overview.md#message-variables in both brace forms', () => {
    expect(
      renderVariables(
        '{{greeting}} {{firstName}}! Sou {{userName}} ({{queue}}/{{connection}}), protocolo {{protocol}}, ticket {ticket_id}, {{date}} {{hour}}. {{name}}',
        ctx,
      ),
    ).toBe(
      'Bom dia Maria! Sou Ana (Vendas/Loja), protocolo 20261123-0042, ticket 42, 23/11/2026 10:30:00. Maria  da Silva',
    );
  });

  it('keeps unknown variables and the campaign forms work', () => {
    expect(renderVariables('{nome} {numero} {email} {{unknown}} {x}', ctx)).toBe(
      'Maria  da Silva 5511999990000 m@x.io {{unknown}} {x}',
    );
  });

  it('greets by the company clock, not the server clock', () => {
    const at = new Date('2026-11-23T23:30:00Z');
    expect(greetingFor(at, 'America/Sao_Paulo')).toBe('Boa noite');
    expect(greetingFor(at, 'Asia/Tokyo')).toBe('Bom dia');
    expect(greetingFor(new Date('2026-11-23T16:00:00Z'), 'America/Sao_Paulo')).toBe('Boa tarde');
  });
});
