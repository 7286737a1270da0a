import type { AllConnectionsMessages } from './pt-BR';

/** Español: la página de todas las conexiones. */
export const allConnectionsEs: AllConnectionsMessages = {
  allConnections: {
    title: 'Todas las conexiones',
    company: 'Empresa',
    connected: 'Conectadas',
    disconnected: 'Desconectadas',
    total: 'Total',
    grandTotal: 'Total general',
    empty: 'No hay conexiones.',
    loading: 'Cargando...',
    channels: 'Canales',
    channelsOf: 'Canales de {{name}}',
    newChannel: 'Nuevo canal {{channel}}',
    created: 'Canal creado.',
    cancel: 'Cancelar',
    save: 'Guardar',
  },
};
