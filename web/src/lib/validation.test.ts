import { VALIDATION_CODES, VALIDATION_TEXTS } from '@atendo/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, LANGUAGES, loadLanguage } from './i18n';
import { resources } from './i18n/resources';
import { translateValidation } from './validation';

afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

async function use(lng: (typeof LANGUAGES)[number]) {
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
}

describe('translateValidation', () => {
  it("shows each of the api's texts in every language by its code", async () => {
    for (const lng of LANGUAGES) {
      await use(lng);
      const texts: Record<string, string> = resources[lng].translation.validation;
      for (const code of VALIDATION_CODES)
        for (const message of VALIDATION_TEXTS[code])
          expect(translateValidation(message), `${lng} ${message}`).toBe(texts[code]);
    }
  });

  it('reads the English and the Portuguese wording of a rule alike', async () => {
    expect(translateValidation('Required')).toBe('Obrigatório');
    expect(translateValidation('Obrigatório')).toBe('Obrigatório');
    expect(translateValidation('Too Short!')).toBe('Muito curto!');
    await use('en');
    expect(translateValidation('Obrigatório')).toBe('Required');
    expect(translateValidation('Muito longo!')).toBe('Too long!');
    await use('tr');
    expect(translateValidation('Email inválido')).toBe('Geçersiz e-posta');
  });

  it("prefers a feature's own wording, and the shared one where it has none", async () => {
    await use('es');
    expect(translateValidation('Too Long!')).toBe('¡Muy largo!');
    expect(translateValidation('Too Long!', 'internalChatValidation')).toBe('¡Demasiado largo!');
    expect(translateValidation('Invalid email', 'internalChatValidation')).toBe(
      'Correo electrónico inválido',
    );
  });

  it('shows a text without a code as it came', () => {
    expect(translateValidation('Before dateFrom')).toBe('Before dateFrom');
    expect(translateValidation('Before dateFrom', 'userValidation')).toBe('Before dateFrom');
    expect(translateValidation('users', 'internalChatValidation')).toBe('users');
    expect(translateValidation(undefined)).toBeUndefined();
    expect(translateValidation('')).toBeUndefined();
  });
});
