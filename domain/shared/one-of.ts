/**
 * Narrows a value to one of a list of literals without a type assertion: the
 * union-typed columns, query parameters and stored JSON are checked with it where they enter.
 */
export function oneOf<T extends string | number>(list: readonly T[], value: unknown): value is T {
  return list.some((item) => item === value);
}

/** A zod enum's tuple from a list known to be non-empty: `z.enum(nonEmpty(list))`. */
export function nonEmpty<T>(list: readonly T[]): [T, ...T[]] {
  const [first, ...rest] = list;
  if (first === undefined) throw new Error("an enum needs at least one value");
  return [first, ...rest];
}
