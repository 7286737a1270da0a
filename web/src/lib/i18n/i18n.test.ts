import { ERROR_STATUS } from '@atendo/domain';
import { describe, expect, it } from 'vitest';
import { createI18n, initialLanguage, LANGUAGES, loadLanguage } from './index';
import { NAMESPACES, resources } from './resources';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    keysOf(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe('i18n', () => {
  it('translates every error code of the catalogue in every language', () => {
    for (const lng of LANGUAGES) {
      const texts: Record<string, string> = resources[lng].translation.backendErrors;
      for (const code of Object.keys(ERROR_STATUS))
        expect(texts[code]?.length ?? 0, `${lng} ${code}`).toBeGreaterThan(0);
    }
  });

  it('gives every language the same keys as Portuguese, namespace by namespace', () => {
    for (const ns of NAMESPACES) {
      const base = keysOf(ns['pt-BR']).sort();
      for (const lng of LANGUAGES) expect(keysOf(ns[lng]).sort()).toEqual(base);
    }
    const base = keysOf(resources['pt-BR'].translation).sort();
    for (const lng of LANGUAGES) expect(keysOf(resources[lng].translation).sort()).toEqual(base);
  });

  it('lets each top-level key group belong to one namespace only', () => {
    const groups = NAMESPACES.flatMap((ns) => Object.keys(ns['pt-BR']));
    expect(groups.length).toBeGreaterThan(NAMESPACES.length);
    expect(new Set(groups).size).toBe(groups.length);
  });

  it('starts in Portuguese unless another known language was saved', () => {
    expect(initialLanguage(null)).toBe('pt-BR');
    expect(initialLanguage('tr')).toBe('pt-BR');
    expect(initialLanguage('es')).toBe('es');
  });

  it('loads each language as the registry combines it, Portuguese without fetching', async () => {
    for (const lng of LANGUAGES) {
      const instance = createI18n(lng);
      await loadLanguage(lng, instance);
      expect(instance.getResourceBundle(lng, 'translation')).toEqual(resources[lng].translation);
    }
  });

  it('falls back to Portuguese and pluralises the subscription warning', async () => {
    const en = createI18n('en');
    await loadLanguage('en', en);
    const t = en.t;
    expect(t('session.warning', { count: 1 })).toBe('Your subscription is due in 1 day!');
    expect(createI18n('pt-BR').t('session.warning', { count: 3 })).toBe(
      'Sua assinatura vence em 3 dias!',
    );
    expect(createI18n('pt-BR').t('errors.forbidden')).toBe('Oops! Acesso Negado!');
  });
});
