/** The console's languages; Portuguese (Brazil) is the default and every key's fallback. */
export const LANGUAGES = ['pt-BR', 'en', 'es', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Languages whose texts cover part of the console (docs/product/overview.md#what-the-product-does lists Turkish beside the others):
 * a feature without its own file in such a language shows the texts of the language given here.
 */
export const PARTIAL_LANGUAGES = { tr: 'en' } as const satisfies Partial<
  Record<Language, Language>
>;
