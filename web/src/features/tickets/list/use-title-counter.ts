import { useEffect } from 'react';
import { titleWithCounter } from './notifications';

/** A counter this hook put in front of the title earlier (① … ⑳ or '(n)'). */
const COUNTER_PREFIX = /^(?:[\u2460-\u2473]|\(\d+\)) /;

/** Puts the unread tickets counter in front of the page title while mounted (docs/product/tickets.md#the-tickets-screen, docs/product/tickets.md#limits-and-constants). */
export function useTitleCounter(unread: number): void {
  useEffect(() => {
    const base = document.title.replace(COUNTER_PREFIX, '');
    document.title = titleWithCounter(base, unread);
    return () => {
      document.title = base;
    };
  }, [unread]);
}
