export function pick<T extends Record<string, unknown>, K extends string>(source: T, keys: readonly K[]): Pick<T, K & keyof T> {
  return Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k]])) as unknown as Pick<T, K & keyof T>;
}
