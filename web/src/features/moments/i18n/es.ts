import type { MomentsMessages } from './pt-BR';

/** Spanish: the live attendance panel. */
export const momentsEs = {
  moments: {
    title: 'Panel de atenciones',
    pending: 'Pendientes',
    services_one: '{{count}} atención',
    services_other: '{{count}} atenciones',
    noQueue: 'SIN COLA',
    open: 'Abrir ticket',
    online: 'En línea',
    offline: 'Desconectado',
    loading: 'Cargando...',
    loadError: 'No se pudieron cargar las atenciones',
  },
} satisfies MomentsMessages;
