/**
 * A namespace's shape as the other languages must fill it: exactly the Portuguese source's
 * keys (`satisfies` rejects a missing or an extra one), any text.
 */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
