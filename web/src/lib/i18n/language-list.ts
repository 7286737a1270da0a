/** The console's languages; Portuguese (Brazil) is the default and every key's fallback. */
export const LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
