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

  it('reads several groups in order before the shared texts', async () => {
    await use('es');
    // the schedule modal words "too long" its own way, the shared forms "invalid time"
    const schedule = ['scheduleValidation', 'formValidation'];
    expect(translateValidation('Too Long!', schedule)).toBe('¡Demasiado largo!');
    expect(translateValidation('Invalid time (HH:MM)', schedule)).toBe('Horario inválido (HH:MM)');
    expect(translateValidation('Invalid time (HH:MM)')).toBe('Hora inválida (HH:MM)');
    expect(translateValidation('Required when sending more than once', schedule)).toBe(
      'Indique el intervalo para enviar más de una vez.',
    );
    await use('en');
    expect(translateValidation('Invalid color', 'tagValidation')).toBe('Invalid colour');
    expect(translateValidation('Invalid color')).toBe('Invalid color');
  });

  it('shows a text without a code as it came', () => {
    // the dashboard's `Before ${from}` is built per call: no code
    expect(translateValidation('Before date_from')).toBe('Before date_from');
    expect(translateValidation('Before date_from', 'userValidation')).toBe('Before date_from');
    expect(translateValidation('users', 'internalChatValidation')).toBe('users');
    expect(translateValidation(undefined)).toBeUndefined();
    expect(translateValidation('')).toBeUndefined();
  });
});
