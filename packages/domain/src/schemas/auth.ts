import { z } from 'zod';
import {
  MSG_DOCUMENT_REQUIRED,
  MSG_INVALID_DOCUMENT,
  MSG_INVALID_EMAIL,
  MSG_INVALID_EMAIL_PT,
  MSG_REQUIRED,
  MSG_REQUIRED_PT,
  MSG_TOO_LONG,
  MSG_TOO_LONG_PT,
  MSG_TOO_SHORT_PT,
} from './validation-messages.js';
import { isValidCnpj, isValidDocument, onlyDigits } from '../documents.js';

/**
 * Login. The email is normalised (trimmed, lowercased) here, and the login rate limit keys on
 * this normalised form, so spacing or case never buys a fresh budget.
 */
export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().max(254, MSG_TOO_LONG).email(MSG_INVALID_EMAIL),
  password: z.string().min(1, MSG_REQUIRED).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Signup of a new company with its first admin (docs/product/users-and-auth.md#validation "Signup"). */
export const signupSchema = z.object({
  name: z
    .string({ error: MSG_REQUIRED_PT })
    .trim()
    .min(2, MSG_TOO_SHORT_PT)
    .max(50, MSG_TOO_LONG_PT),
  companyName: z
    .string({ error: MSG_REQUIRED_PT })
    .trim()
    .min(2, MSG_TOO_SHORT_PT)
    .max(50, MSG_TOO_LONG_PT),
  email: z.string({ error: MSG_REQUIRED_PT }).trim().toLowerCase().email(MSG_INVALID_EMAIL_PT),
  password: z.string({ error: MSG_REQUIRED_PT }).min(5, MSG_TOO_SHORT_PT).max(50, MSG_TOO_LONG_PT),
  phone: z.string({ error: MSG_REQUIRED_PT }).trim().min(1, MSG_REQUIRED_PT).max(30),
  planId: z.coerce.number({ error: MSG_REQUIRED_PT }).int().positive(),
  document: z
    .string({ error: MSG_DOCUMENT_REQUIRED })
    .min(1, MSG_DOCUMENT_REQUIRED)
    .refine(isValidDocument, MSG_INVALID_DOCUMENT)
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
  cnpj: z.string().transform(onlyDigits).refine(isValidCnpj, MSG_INVALID_DOCUMENT),
});
