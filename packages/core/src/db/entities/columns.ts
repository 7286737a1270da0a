import {
  EntitySchema,
  type EntitySchemaColumnOptions,
  type EntitySchemaIndexOptions,
  type EntitySchemaRelationOptions,
} from 'typeorm';

/**
 * Column and relation builders shared by every entity. Each builder sets an explicit `type`
 * because entities run through esbuild/tsx, which emits no decorator metadata to infer it from.
 */

type Extra = Omit<EntitySchemaColumnOptions, 'type'>;
type OnDelete = 'CASCADE' | 'SET NULL' | 'RESTRICT';

export const TIMESTAMPTZ = 'timestamp with time zone';

/** An integer auto-increment primary key. */
export const primaryId = (): EntitySchemaColumnOptions => ({
  type: 'int',
  primary: true,
  generated: 'increment',
});

/** A varchar column (no length limit; PostgreSQL stores varchar and text alike). */
export const varchar = (o: Extra = {}): EntitySchemaColumnOptions => ({ type: 'varchar', ...o });

/** A text column, for message bodies and other long free text. */
export const text = (o: Extra = {}): EntitySchemaColumnOptions => ({ type: 'text', ...o });

/** A 32-bit integer column. */
export const int = (o: Extra = {}): EntitySchemaColumnOptions => ({ type: 'int', ...o });

/** A double-precision column. */
export const float = (o: Extra = {}): EntitySchemaColumnOptions => ({
  type: 'double precision',
  ...o,
});

/** A money column: numeric(10,2), read back as a string so no cent is lost. */
export const money = (o: Extra = {}): EntitySchemaColumnOptions => ({
  type: 'numeric',
  precision: 10,
  scale: 2,
  ...o,
});

/** A boolean column with its default. */
export const bool = (def: boolean, o: Extra = {}): EntitySchemaColumnOptions => ({
  type: 'boolean',
  default: def,
  ...o,
});

/** A point in time (timestamp with time zone). */
export const timestamptz = (o: Extra = {}): EntitySchemaColumnOptions => ({
  type: TIMESTAMPTZ,
  ...o,
});

/** A calendar date, read back by TypeORM as 'YYYY-MM-DD'. */
export const date = (o: Extra = {}): EntitySchemaColumnOptions => ({ type: 'date', ...o });

/** A jsonb column. */
export const jsonb = (o: Extra = {}): EntitySchemaColumnOptions => ({ type: 'jsonb', ...o });

/**
 * A uuid PostgreSQL generates on insert. TypeORM reads any gen_random_uuid()/uuid_generate_v4()
 * default back as "generated uuid", so this must be `generated`, not a plain default; the
 * migration generator emits gen_random_uuid() (built in since PostgreSQL 13, no extension).
 */
export const generatedUuid = (o: Extra = {}): EntitySchemaColumnOptions => ({
  type: 'uuid',
  generated: 'uuid',
  ...o,
});

/** Working hours (ScheduleEntry[]) stored inline; an empty array means "not configured". */
export const schedulesColumn = (): EntitySchemaColumnOptions => ({
  type: 'jsonb',
  default: () => "'[]'",
});

/** createdAt / updatedAt, maintained by TypeORM. */
export const timestamps = () => ({
  createdAt: { type: TIMESTAMPTZ, createDate: true } satisfies EntitySchemaColumnOptions,
  updatedAt: { type: TIMESTAMPTZ, updateDate: true } satisfies EntitySchemaColumnOptions,
});

/** createdAt only, for append-only rows (logs, auth). */
export const createdOnly = () => ({
  createdAt: { type: TIMESTAMPTZ, createDate: true } satisfies EntitySchemaColumnOptions,
});

/** The tenant column every company-owned table carries. */
export const tenantColumn = () => ({ companyId: int() });

/** The tenant relation: deleting a company deletes everything it owns. */
export const tenantRelation = () => ({ company: manyToOne('Company', 'companyId', 'CASCADE') });

/** The plain companyId index, for tables whose other indices do not start with companyId. */
export const tenantIndex = (): EntitySchemaIndexOptions => ({ columns: ['companyId'] });

/** A many-to-one relation whose foreign key lives in `column` on this table. */
export function manyToOne(
  target: string,
  column: string,
  onDelete: OnDelete,
  extra: Partial<EntitySchemaRelationOptions> = {},
): EntitySchemaRelationOptions {
  return { type: 'many-to-one', target, joinColumn: { name: column }, onDelete, ...extra };
}

/** The inverse side of a `manyToOne` declared on `target` as `inverseSide`. */
export function oneToMany(target: string, inverseSide: string): EntitySchemaRelationOptions {
  return { type: 'one-to-many', target, inverseSide };
}

/** One side of a join row: the relation's name, the entity it points at, and its inverse side. */
export interface JoinSide {
  relation: string;
  target: string;
  inverseSide: string;
}

/**
 * A tenant-owned join row between two entities: a composite primary key of `<relation>Id`
 * columns, both cascading on delete, the company, timestamps, and an index on the second key
 * (the primary key already serves lookups by the first).
 */
export function tenantJoinEntity<T>(o: {
  name: string;
  tableName: string;
  owner: JoinSide;
  member: JoinSide;
}) {
  const ownerColumn = `${o.owner.relation}Id`;
  const memberColumn = `${o.member.relation}Id`;
  return new EntitySchema<T>({
    name: o.name,
    tableName: o.tableName,
    columns: {
      [ownerColumn]: int({ primary: true }),
      [memberColumn]: int({ primary: true }),
      ...tenantColumn(),
      ...timestamps(),
    },
    relations: {
      ...tenantRelation(),
      [o.owner.relation]: manyToOne(o.owner.target, ownerColumn, 'CASCADE', {
        inverseSide: o.owner.inverseSide,
      }),
      [o.member.relation]: manyToOne(o.member.target, memberColumn, 'CASCADE', {
        inverseSide: o.member.inverseSide,
      }),
    },
    indices: [{ columns: ['companyId'] }, { columns: [memberColumn] }],
  });
}
