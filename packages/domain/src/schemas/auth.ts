import { z } from 'zod';
import { isValidCnpj, isValidDocument, onlyDigits } from '../documents.js';

/**
 * Login. The email is normalised (trimmed, lowercased) here, and the login rate limit keys on
 * this normalised form, so spacing or case never buys a fresh budget.
 */
export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().max(254, 'Too Long!').email('Invalid email'),
  password: z.string().min(1, 'Required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Signup of a new company with its first admin (docs/product/users-and-auth.md#validation "Signup"). */
export const signupSchema = z.object({
  name: z.string({ error: 'Obrigatório' }).trim().min(2, 'Muito curto!').max(50, 'Muito longo!'),
  companyName: z
    .string({ error: 'Obrigatório' })
    .trim()
    .min(2, 'Muito curto!')
    .max(50, 'Muito longo!'),
  email: z.string({ error: 'Obrigatório' }).trim().toLowerCase().email('Email inválido'),
  password: z.string({ error: 'Obrigatório' }).min(5, 'Muito curto!').max(50, 'Muito longo!'),
  phone: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(30),
  planId: z.coerce.number({ error: 'Obrigatório' }).int().positive(),
  document: z
    .string({ error: 'CPF/CNPJ é obrigatório' })
    .min(1, 'CPF/CNPJ é obrigatório')
    .refine(isValidDocument, 'CPF/CNPJ inválido')
    .transform(onlyDigits),
  companyId: z.coerce.number().int().positive().optional(),
  address: z.string().max(200).optional(),
  city: z.string().max(100).optional(),
  state: z.string().max(50).optional(),
  zipcode: z.string().max(20).optional(),
});
export type SignupInput = z.infer<typeof signupSchema>;

/** `:cnpj` of the signup form's lookup: digits only, a valid CNPJ. */
export const cnpjParams = z.object({
  cnpj: z.string().transform(onlyDigits).refine(isValidCnpj, 'CPF/CNPJ inválido'),
});
