import type { PlaceholderMessages } from './pt-BR';

/** Spanish: screens that arrive in a later version. */
export const placeholderEs = {
  placeholder: {
    contactsImport: 'Importar contactos',
  },
} satisfies PlaceholderMessages;
