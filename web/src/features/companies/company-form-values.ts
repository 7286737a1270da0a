import { companySchema, RECURRENCES, type CompanyView, type Recurrence } from '@atendo/domain';
import { z } from 'zod';

/** The company form's fields as its inputs hold them (docs/product/companies-plans-billing.md#validation Company form). */
export interface CompanyFormValues {
  name: string;
  email: string;
  password: string;
  phone: string;
  planId: string;
  status: 'true' | 'false';
  dueDate: string;
  recurrence: Recurrence;
  document: string;
  paymentMethod: string;
  numberAttendants: string;
  numberConections: string;
}

export const PAYMENT_METHODS = ['', 'boleto', 'pix', 'credit_card'] as const;

export function emptyCompanyForm(): CompanyFormValues {
  return {
    name: '',
    email: '',
    password: '',
    phone: '',
    planId: '',
    status: 'true',
    dueDate: '',
    recurrence: 'MENSAL',
    document: '',
    paymentMethod: '',
    numberAttendants: '',
    numberConections: '',
  };
}

const text = (v: string | null | undefined) => v ?? '';

export function companyFormOf(c: CompanyView): CompanyFormValues {
  return {
    name: c.name,
    email: text(c.email),
    password: '',
    phone: text(c.phone),
    planId: c.planId ? String(c.planId) : '',
    status: c.status ? 'true' : 'false',
    dueDate: c.dueDate ? c.dueDate.slice(0, 10) : '',
    recurrence: (RECURRENCES as readonly string[]).includes(c.recurrence ?? '')
      ? (c.recurrence as Recurrence)
      : 'MENSAL',
    document: text(c.document),
    paymentMethod: text(c.paymentMethod),
    numberAttendants:
      c.numberAttendants === null || c.numberAttendants === undefined
        ? ''
        : String(c.numberAttendants),
    numberConections:
      c.numberConections === null || c.numberConections === undefined
        ? ''
        : String(c.numberConections),
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The form as the api's company fields: empty texts as null; the password only on create. */
export function companyBodyOf(v: CompanyFormValues, creating: boolean): Record<string, unknown> {
  return {
    name: v.name,
    email: v.email,
    ...(creating ? { password: v.password } : {}),
    phone: orNull(v.phone),
    // An unpicked plan is missing (Required), not plan 0.
    planId: v.planId === '' ? undefined : v.planId,
    status: v.status === 'true',
    dueDate: orNull(v.dueDate),
    recurrence: v.recurrence,
    document: orNull(v.document),
    paymentMethod: orNull(v.paymentMethod),
    numberAttendants: orNull(v.numberAttendants),
    numberConections: orNull(v.numberConections),
  };
}

/** The domain's company schema over the form (the password is required on create only). */
export function companyFormSchema(creating: boolean) {
  const schema = creating
    ? companySchema
    : companySchema.omit({ password: true }).extend({ password: z.string().optional() });
  return z.preprocess((raw: CompanyFormValues) => companyBodyOf(raw, creating), schema);
}
