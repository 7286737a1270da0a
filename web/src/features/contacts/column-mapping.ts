import type { ContactImportTarget } from '@atendo/domain';

/** Which column feeds each target (null: none). */
export type ColumnMapping = Record<ContactImportTarget, number | null>;

export const EMPTY_MAPPING: ColumnMapping = { name: null, number: null, email: null, tags: null };

/** Header words that suggest a target, so a typical sheet arrives already mapped. */
const GUESSES: Record<ContactImportTarget, RegExp> = {
  name: /^(nome|name|nombre|contato|contact)/i,
  number: /^(n[uú]mero|number|telefone|phone|tel|celular|whats|m[oó]vil)/i,
  email: /^(e-?mail|correo)/i,
  tags: /^(tags?|etiquetas?)/i,
};

/** A first mapping from the header row; each column goes to at most one target. */
export function guessMapping(columns: string[]): ColumnMapping {
  const mapping = { ...EMPTY_MAPPING };
  for (const target of Object.keys(GUESSES) as ContactImportTarget[]) {
    const index = columns.findIndex(
      (c, i) => GUESSES[target].test(c.trim()) && !Object.values(mapping).includes(i),
    );
    if (index >= 0) mapping[target] = index;
  }
  return mapping;
}

/**
 * Maps `column` to `target` (or to nothing): a column maps to one target only, so whatever
 * target held it before lets it go (docs/product/contacts.md#validation).
 */
export function assignColumn(
  mapping: ColumnMapping,
  column: number,
  target: ContactImportTarget | null,
): ColumnMapping {
  const next = { ...mapping };
  for (const key of Object.keys(next) as ContactImportTarget[])
    if (next[key] === column) next[key] = null;
  if (target) next[target] = column;
  return next;
}

/** The target a column feeds, if any. */
export function targetOf(mapping: ColumnMapping, column: number): ContactImportTarget | null {
  const entry = Object.entries(mapping).find(([, c]) => c === column);
  return entry ? (entry[0] as ContactImportTarget) : null;
}

/** What stops the import: an unmapped name or number column. */
export function mappingProblems(mapping: ColumnMapping): ('nameRequired' | 'numberRequired')[] {
  const problems: ('nameRequired' | 'numberRequired')[] = [];
  if (mapping.name === null) problems.push('nameRequired');
  if (mapping.number === null) problems.push('numberRequired');
  return problems;
}
