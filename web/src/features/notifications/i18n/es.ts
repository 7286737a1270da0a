import type { NotificationsMessages } from './pt-BR';

export const notificationsEs: NotificationsMessages = {
  notifications: {
    unread_one: '{{count}} ticket con mensajes sin leer',
    unread_other: '{{count}} tickets con mensajes sin leer',
    noContact: 'Contacto',
    noMessage: 'Sin mensajes',
    open: 'Abrir el ticket de {{name}}',
  },
};
