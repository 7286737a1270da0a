import type { PlaceholderMessages } from './pt-BR';

/** English: screens that arrive in a later version. */
export const placeholderEn = {
  placeholder: {
    contactsImport: 'Import contacts',
  },
} satisfies PlaceholderMessages;
