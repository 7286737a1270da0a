import { describe, expect, it } from 'vitest';
import { signupFieldsFromCnpj } from './cnpj-lookup';

describe('signupFieldsFromCnpj', () => {
  it('fills the company name, contact and address from the lookup', () => {
    expect(
      signupFieldsFromCnpj({
        nome: 'ACME LTDA',
        fantasia: 'Acme',
        email: 'CONTATO@ACME.COM',
        telefone: '(11) 4000-0000',
        logradouro: 'Rua A',
        numero: '10',
        complemento: '',
        bairro: 'Centro',
        municipio: 'São Paulo',
        uf: 'SP',
        cep: '01000-000',
      }),
    ).toEqual({
      companyName: 'Acme',
      email: 'contato@acme.com',
      phone: '(11) 4000-0000',
      address: 'Rua A, 10, Centro',
      city: 'São Paulo',
      state: 'SP',
      zipcode: '01000-000',
    });
  });

  it('leaves out what the lookup does not know', () => {
    expect(signupFieldsFromCnpj({ nome: 'Só Nome' })).toEqual({ companyName: 'Só Nome' });
  });
});
