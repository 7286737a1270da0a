import { ERROR_STATUS, VALIDATION_CODES } from '@atendo/domain';
import { describe, expect, it } from 'vitest';
import { campaignsI18n } from '../../features/campaigns/i18n/index';
import { createI18n, initialLanguage, LANGUAGES, loadLanguage } from './index';
import { PARTIAL_LANGUAGES } from './language-list';
import { namespaceTexts, NAMESPACES, resources } from './resources';

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

  it('translates every validation code of the domain in every language', () => {
    for (const lng of LANGUAGES) {
      const texts: Record<string, string> = resources[lng].translation.validation;
      expect(Object.keys(texts).sort(), lng).toEqual([...VALIDATION_CODES].sort());
      for (const code of VALIDATION_CODES)
        expect(texts[code]?.length ?? 0, `${lng} ${code}`).toBeGreaterThan(0);
    }
  });

  it("keys the features' validation texts by code, never by the api's wording", () => {
    const { translation } = resources['pt-BR'];
    // keys a group may hold besides codes: a field's own text, shown whatever the rule said
    const fieldKeys: Record<string, string[]> = {
      internalChatValidation: ['users'],
      queueIntegrationValidation: ['number'],
      contactListValidation: ['number'],
      promptValidation: ['name', 'prompt', 'maxTokens', 'temperature', 'maxMessages'],
      'messagesApi.validation': ['number'],
    };
    const groups: [string, Record<string, string>][] = [
      ...Object.entries(translation)
        .filter(([name]) => name.endsWith('Validation'))
        .map(
          ([name, texts]) =>
            [name, texts as Record<string, string>] as [string, Record<string, string>],
        ),
      ['messagesApi.validation', translation.messagesApi.validation],
    ];
    expect(groups.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'formValidation',
        'scheduleValidation',
        'tagValidation',
        'userValidation',
      ]),
    );
    for (const [name, texts] of groups)
      for (const key of Object.keys(texts))
        expect([...VALIDATION_CODES, ...(fieldKeys[name] ?? [])], `${name}.${key}`).toContain(key);
  });

  it("keeps a feature's wording of a rule only where it differs from the common text", () => {
    // the users' and chats' groups are trimmed separately
    const later = new Set(['userValidation', 'internalChatValidation']);
    const codes = new Set<string>(VALIDATION_CODES);
    let checked = 0;
    for (const ns of NAMESPACES) {
      const lngs = LANGUAGES.filter((l) => l in ns);
      for (const [name, group] of Object.entries(ns['pt-BR'])) {
        if (!name.endsWith('Validation') || later.has(name)) continue;
        for (const code of Object.keys(group as object).filter((k) => codes.has(k))) {
          const own = lngs.map((l) => textAt(namespaceTexts(ns, l), `${name}.${code}`));
          const common = lngs.map((l) => resources[l].translation.validation[code as never]);
          expect(own, `${name}.${code}`).not.toEqual(common);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('gives every language the same keys as Portuguese, namespace by namespace', () => {
    for (const ns of NAMESPACES) {
      const base = keysOf(ns['pt-BR']).sort();
      for (const lng of LANGUAGES) expect(keysOf(namespaceTexts(ns, lng)).sort()).toEqual(base);
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
    expect(initialLanguage('de')).toBe('pt-BR');
    expect(initialLanguage('es')).toBe('es');
    expect(initialLanguage('tr')).toBe('tr');
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

  it('translates the shell, the tickets screens, errors, shared texts and components to Turkish', () => {
    const own = NAMESPACES.filter((ns) => 'tr' in ns).map((ns) => Object.keys(ns['pt-BR']));
    expect(own.flat().sort()).toEqual(
      [
        ...['common', 'languages', 'theme', 'table', 'validation', 'session', 'backendErrors'],
        ...['scheduleEditor', 'formValidation', 'shell', 'todolist', 'drawer', 'errors', 'tickets'],
      ].sort(),
    );
    // a Turkish text for every key of those, not the English one left in place
    for (const ns of NAMESPACES.filter((n) => 'tr' in n)) {
      const en = keysOf(ns.en);
      const same = en.filter((key) => textAt(namespaceTexts(ns, 'tr'), key) === textAt(ns.en, key));
      expect(same.length, same.join(', ')).toBeLessThan(en.length / 5);
    }
  });

  it('shows Turkish where translated and English in the features that are not', async () => {
    expect(PARTIAL_LANGUAGES.tr).toBe('en');
    expect(resources.tr.translation.campaigns).toEqual(campaignsI18n.en.campaigns);
    const tr = createI18n('tr');
    await loadLanguage('tr', tr);
    expect(tr.t('shell.logout')).toBe('Çıkış yap');
    expect(tr.t('tickets.chat.record')).toBe('Ses kaydet');
    expect(tr.t('languages.tr')).toBe('Türkçe');
    expect(tr.t('session.warning', { count: 2 })).toBe(
      'Aboneliğinizin süresi 2 gün içinde doluyor!',
    );
    expect(tr.t('campaigns.title')).toBe('Campaigns'); // not translated: English
    expect(tr.t('errors.forbidden')).toBe('Eyvah! Erişim Reddedildi!');
  });
});

function textAt(texts: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown>)[k], texts);
}
