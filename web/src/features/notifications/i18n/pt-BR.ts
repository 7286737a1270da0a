/** Português (base): the top bar's notifications popover (tickets with unread messages). */
export const notificationsPtBR = {
  notifications: {
    unread_one: '{{count}} ticket com mensagens não lidas',
    unread_other: '{{count}} tickets com mensagens não lidas',
    noContact: 'Contato',
    noMessage: 'Sem mensagens',
    open: 'Abrir o ticket de {{name}}',
  },
};

export type NotificationsMessages = typeof notificationsPtBR;
