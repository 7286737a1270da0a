import type { Messages } from '../../../lib/i18n/types';

/**
 * Portuguese (Brazil) texts of screens that arrive in a later version:
 * the source every other language must match key for key.
 */
export const placeholderPtBR = {
  placeholder: {
    contactsImport: 'Importar contatos',
  },
};

/** The shape every language fills for placeholder. */
export type PlaceholderMessages = Messages<typeof placeholderPtBR>;
