/**
 * A table looked up by names that come from outside (file extensions, route segments): it has no prototype, so a
 * name such as `constructor`, `__proto__` or `toString` finds nothing, like any name the table does not list.
 * No zod here: the web client imports it at run time.
 */
export function lookupTable<T extends object>(entries: T): Readonly<T> {
  return Object.freeze(Object.assign(Object.create(null) as T, entries));
}
