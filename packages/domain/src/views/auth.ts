import { z } from 'zod';
import { userView } from './users.js';

export const loginResponse = z.object({ token: z.string(), user: userView });
export type LoginResponse = z.output<typeof loginResponse>;

/** What the CNPJ lookup returns to the signup form (ReceitaWS field names). */
export const cnpjLookupView = z.object({
  nome: z.string(),
  fantasia: z.string(),
  email: z.string(),
  telefone: z.string(),
  logradouro: z.string(),
  numero: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  municipio: z.string(),
  uf: z.string(),
  cep: z.string(),
});
export type CnpjLookupView = z.output<typeof cnpjLookupView>;

/** The company and admin a signup created. */
export const signupView = z.object({ id: z.number(), name: z.string(), companyId: z.number() });
