import type { MomentsMessages } from './pt-BR';

/** English: the live attendance panel. */
export const momentsEn = {
  moments: {
    title: 'Service panel',
    pending: 'Pending',
    services_one: '{{count}} service',
    services_other: '{{count}} services',
    noQueue: 'NO QUEUE',
    open: 'Open ticket',
    online: 'Online',
    offline: 'Offline',
    loading: 'Loading...',
    loadError: 'Could not load the services',
  },
} satisfies MomentsMessages;
