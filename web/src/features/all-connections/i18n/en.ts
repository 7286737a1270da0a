import type { AllConnectionsMessages } from './pt-BR';

/** English: the all-connections page. */
export const allConnectionsEn: AllConnectionsMessages = {
  allConnections: {
    title: 'All connections',
    company: 'Company',
    connected: 'Connected',
    disconnected: 'Disconnected',
    total: 'Total',
    grandTotal: 'Grand total',
    empty: 'No connections yet.',
    loading: 'Loading...',
    channels: 'Channels',
    channelsOf: 'Channels of {{name}}',
    newChannel: 'New {{channel}} channel',
    created: 'Channel created.',
    cancel: 'Cancel',
    save: 'Save',
  },
};
