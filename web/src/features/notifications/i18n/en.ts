import type { NotificationsMessages } from './pt-BR';

export const notificationsEn: NotificationsMessages = {
  notifications: {
    unread_one: '{{count}} ticket with unread messages',
    unread_other: '{{count}} tickets with unread messages',
    noContact: 'Contact',
    noMessage: 'No messages',
    open: "Open {{name}}'s ticket",
  },
};
