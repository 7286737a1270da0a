import type { z } from 'zod';
import {
  COMPANY_EVENT_VIEWS,
  isAdministrator,
  isContactNumberField,
  maskContactNumber,
  masksContactNumbers,
  type CompanyEventEntity,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';

/** The company's LGPD switches that decide number masking. */
export async function lgpdHidesNumbers(db: TenantData): Promise<boolean> {
  const rows = await db.query<{ key: string; value: string | null }>(
    `SELECT key, value FROM settings
      WHERE "companyId" = $1 AND key IN ('enableLGPD', 'lgpdHideNumber')`,
    [db.companyId],
  );
  const settings = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return masksContactNumbers(settings, 'user');
}

/**
 * lgpdHidesNumbers through the tenant cache (dropped on any settings write): read for the
 * socket pushes, which follow every message.
 */
export function companyHidesNumbers(ctx: AppContext, companyId: number): Promise<boolean> {
  return ctx.cache
    .get(companyId, 'lgpd-hides-numbers', () => lgpdHidesNumbers(tenantData(ctx.ds, companyId)))
    .then((hides) => hides === true);
}

/**
 * Whether the caller sees contact numbers masked (docs/product/contacts.md#permissions): profile users of a company with
 * LGPD and hide-number enabled. Admins and super admins never do, and then no setting is read;
 * a request's caller carries the answer its authentication read.
 */
export async function masksNumbersFor(db: TenantData, auth: Principal): Promise<boolean> {
  if (auth.caller && auth.caller.companyId === db.companyId) return auth.caller.hidesContactNumbers;
  if (isAdministrator(auth)) return false;
  return lgpdHidesNumbers(db);
}

/** A copy of a value with its contact numbers masked; the value itself when it has none. */
export type NumberMasker = (value: unknown) => unknown;

const maskers = new WeakMap<z.ZodType, NumberMasker | null>();
/** Schemas being compiled: a lazy schema that refers to itself masks nothing more below. */
const compiling = new Set<z.ZodType>();

/**
 * The masker of the values a schema describes: it masks every field the schema declares
 * contactNumberField, wherever it sits (objects, arrays, nullable, unions…), copying only the
 * objects on the way to one. null when the schema declares none: its values leave as they are.
 * Compiled once per schema.
 */
export function contactNumberMasker(schema: z.ZodType | undefined | null): NumberMasker | null {
  if (!schema) return null;
  const known = maskers.get(schema);
  if (known !== undefined) return known;
  if (compiling.has(schema)) return null;
  compiling.add(schema);
  try {
    const masker = compile(schema);
    maskers.set(schema, masker);
    return masker;
  } finally {
    compiling.delete(schema);
  }
}

/** The zod 4 definition fields the compiler reads. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
}

function compile(schema: z.ZodType): NumberMasker | null {
  if (isContactNumberField(schema))
    return (v) => (typeof v === 'string' ? maskContactNumber(v) : v);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  switch (def.type) {
    case 'object': {
      const fields = Object.entries(def.shape ?? {})
        .map(([key, s]) => [key, contactNumberMasker(s)] as const)
        .filter((f): f is readonly [string, NumberMasker] => f[1] !== null);
      if (fields.length === 0) return null;
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
        const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
        for (const [key, mask] of fields) if (key in out) out[key] = mask(out[key]);
        return out;
      };
    }
    case 'array': {
      const mask = contactNumberMasker(def.element);
      return mask && ((v) => (Array.isArray(v) ? v.map(mask) : v));
    }
    case 'record': {
      const mask = contactNumberMasker(def.valueType);
      return (
        mask &&
        ((v) =>
          typeof v === 'object' && v !== null && !Array.isArray(v)
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mask(x)]))
            : v)
      );
    }
    case 'tuple': {
      const items = (def.items ?? []).map((item) => contactNumberMasker(item));
      const tail = contactNumberMasker(def.rest);
      if (!tail && items.every((m) => m === null)) return null;
      const maskAt = (i: number) => (i < items.length ? items[i] : tail);
      return (v) =>
        Array.isArray(v)
          ? v.map((x, i) => {
              const mask = maskAt(i);
              return mask ? mask(x) : x;
            })
          : v;
    }
    case 'nullable':
    case 'optional':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return contactNumberMasker(def.innerType);
    case 'pipe': {
      // What leaves is the pipe's output; a transform's output is unknown, so its input's.
      const out = def.out && (def.out as unknown as { _zod: { def: Def } })._zod.def.type;
      return contactNumberMasker(out === 'transform' ? def.in : def.out);
    }
    case 'lazy':
      return contactNumberMasker(def.getter?.());
    // A value of a union is masked as each of its options would mask it: a field that one
    // option declares a contact's number is masked wherever it appears (masking too much is
    // the safe side of this policy).
    case 'union':
      return all((def.options ?? []).map((o) => contactNumberMasker(o)));
    case 'intersection':
      return all([contactNumberMasker(def.left), contactNumberMasker(def.right)]);
    default:
      return null;
  }
}

/** The maskers applied one after the other; null when there are none. */
function all(list: (NumberMasker | null)[]): NumberMasker | null {
  const maskers = list.filter((m): m is NumberMasker => m !== null);
  if (maskers.length === 0) return null;
  if (maskers.length === 1) return maskers[0]!;
  return (v) => maskers.reduce((acc, mask) => mask(acc), v);
}

/** The masker of a company event's payload (COMPANY_EVENT_VIEWS), or null when it has none. */
export function eventNumberMasker(entity: CompanyEventEntity): NumberMasker | null {
  return contactNumberMasker(COMPANY_EVENT_VIEWS[entity]);
}
