import { signupSchema } from '@atendo/domain';
import { describe, expect, it } from 'vitest';
import { emptyToUndefined } from './form-values';

/** The messages the signup form shows for what a visitor typed (empty inputs pass through emptyToUndefined). */
function messages(typed: Record<string, string>): Record<string, string> {
  const values = Object.fromEntries(
    Object.entries(typed).map(([k, v]) => [k, emptyToUndefined(v)]),
  );
  const result = signupSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

const empty = {
  document: '',
  companyName: '',
  name: '',
  email: '',
  password: '',
  phone: '',
  planId: '',
};

describe('signup form values', () => {
  it('answers Obrigatório for empty fields and the document rule for an empty document', () => {
    expect(messages(empty)).toEqual({
      document: 'CPF/CNPJ é obrigatório',
      companyName: 'Obrigatório',
      name: 'Obrigatório',
      email: 'Obrigatório',
      password: 'Obrigatório',
      phone: 'Obrigatório',
      planId: 'Obrigatório',
    });
  });

  it('answers the length, email and document rules of docs/product/users-and-auth.md#validation', () => {
    expect(
      messages({
        document: '111.111.111-11',
        companyName: 'A',
        name: 'x'.repeat(51),
        email: 'nope',
        password: '1234',
        phone: '11999999999',
        planId: '1',
      }),
    ).toEqual({
      document: 'CPF/CNPJ inválido',
      companyName: 'Muito curto!',
      name: 'Muito longo!',
      email: 'Email inválido',
      password: 'Muito curto!',
    });
  });

  it('accepts a masked valid CNPJ and sends its digits', () => {
    const result = signupSchema.parse({
      document: '11.222.333/0001-81',
      companyName: 'Acme',
      name: 'Ana',
      email: 'ANA@ACME.COM',
      password: '12345',
      phone: '11999999999',
      planId: '2',
    });
    expect(result).toMatchObject({ document: '11222333000181', email: 'ana@acme.com', planId: 2 });
  });
});
