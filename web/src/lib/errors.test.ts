import { ApiError } from '@atendo/api-client';
import { describe, expect, it } from 'vitest';
import { describeError, GENERIC_ERROR } from './errors';
import { createI18n, translateRuntimeKey } from './i18n';

const i18n = createI18n('pt-BR');
const translator = {
  exists: (k: string) => translateRuntimeKey(k, i18n) !== null,
  t: (k: string) => translateRuntimeKey(k, i18n) ?? k,
};

describe('describeError', () => {
  it('translates a known code and uses it as the toast id', () => {
    expect(
      describeError(new ApiError(401, { error: 'ERR_INVALID_CREDENTIALS' }), translator),
    ).toEqual({
      id: 'ERR_INVALID_CREDENTIALS',
      message: 'Erro de autenticação. Por favor, tente novamente.',
    });
  });

  it('shows an untranslated error text as it came', () => {
    expect(describeError(new ApiError(400, { error: 'Something odd' }), translator)).toEqual({
      id: 'Something odd',
      message: 'Something odd',
    });
  });

  it('shows a plain string error', () => {
    expect(describeError('Falhou', translator)).toEqual({ id: 'Falhou', message: 'Falhou' });
  });

  it('falls back to the generic text', () => {
    expect(describeError(new TypeError('Failed to fetch'), translator).message).toBe(GENERIC_ERROR);
    expect(
      describeError(new ApiError(500, { error: { nested: true } } as never), translator).message,
    ).toBe(GENERIC_ERROR);
    expect(describeError(undefined, translator).message).toBe(GENERIC_ERROR);
  });
});
