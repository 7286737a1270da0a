import { PLAN_FLAGS, type PlanFlag } from '@atendo/domain';
import { usageError } from '../../errors.js';

const key = (s: string) =>
  s
    .toLowerCase()
    .replace(/[-_\s]/g, '')
    .replace(/^use/, '');

/** A feature name without the `use` prefix, as shown in tables: "internalChat". */
export function shortFlag(flag: PlanFlag): string {
  return flag.slice(3, 4).toLowerCase() + flag.slice(4);
}

/** The known features, for messages: "whatsapp, facebook, …". */
export const FEATURE_NAMES = PLAN_FLAGS.map(shortFlag).join(', ');

/**
 * Parses a comma-separated list of features: `useKanban`, `kanban`, `internal-chat` all name a
 * plan flag. Unknown names are a usage error listing the known ones.
 */
export function parseFlagList(list: string, option: string): PlanFlag[] {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown: string[] = [];
  const flags = new Set<PlanFlag>();
  for (const name of names) {
    const flag = PLAN_FLAGS.find((f) => key(f) === key(name));
    if (flag) flags.add(flag);
    else unknown.push(name);
  }
  if (unknown.length) {
    throw usageError(
      `${option}: unknown feature${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}.`,
      [`Features: ${FEATURE_NAMES} (with or without the "use" prefix).`],
    );
  }
  return [...flags];
}

/** Every flag set: the listed ones on, the others off. */
export function exactFlags(on: readonly PlanFlag[]): Record<PlanFlag, boolean> {
  return Object.fromEntries(PLAN_FLAGS.map((f) => [f, on.includes(f)])) as Record<
    PlanFlag,
    boolean
  >;
}

export interface FlagOptions {
  /** `--flags a,b` (a string), or `--no-flags` (false). */
  flags?: string | false;
  allFlags?: boolean;
  /** `--enable a,b` (update only). */
  enable?: string;
  /** `--disable a,b` (update only). */
  disable?: string;
}

/**
 * The plan flags the options ask for, or nothing when they say nothing. `--flags` (exact set),
 * `--all-flags` and `--no-flags` exclude each other; `--enable`/`--disable` change single flags.
 */
export function flagsFromOptions(o: FlagOptions): Partial<Record<PlanFlag, boolean>> | undefined {
  const whole = [
    typeof o.flags === 'string' ? '--flags' : null,
    o.flags === false ? '--no-flags' : null,
    o.allFlags ? '--all-flags' : null,
  ].filter((x): x is string => x !== null);
  if (whole.length > 1) throw usageError(`${whole.join(' and ')} cannot be used together.`);
  if (whole.length && (o.enable || o.disable)) {
    throw usageError(
      `${whole[0]} sets every feature; it cannot be combined with --enable or --disable.`,
    );
  }
  if (o.allFlags) return exactFlags(PLAN_FLAGS);
  if (o.flags === false) return exactFlags([]);
  if (typeof o.flags === 'string') return exactFlags(parseFlagList(o.flags, '--flags'));
  if (!o.enable && !o.disable) return undefined;
  const enable = o.enable ? parseFlagList(o.enable, '--enable') : [];
  const disable = o.disable ? parseFlagList(o.disable, '--disable') : [];
  const both = enable.filter((f) => disable.includes(f));
  if (both.length)
    throw usageError(`Features both enabled and disabled: ${both.map(shortFlag).join(', ')}.`);
  return Object.fromEntries([
    ...enable.map((f) => [f, true]),
    ...disable.map((f) => [f, false]),
  ]) as Partial<Record<PlanFlag, boolean>>;
}
