import type { EntitySchema } from 'typeorm';

/** Every entity of the platform. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const entities: EntitySchema<any>[] = [];
