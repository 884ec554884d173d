/**
 * A value kept in the browser's local storage as JSON (SPEC §4: the signed-in user, the signup details, the student
 * verification data). Reading checks it with `parse`; a value that fails is removed and logged as
 * 'Failed to parse <what>'.
 */
export function keptValue<T>(key: string, what: string, parse: (value: unknown) => T) {
  return {
    read(): T | null {
      const raw = globalThis.localStorage?.getItem(key);
      if (!raw) return null;
      try {
        return parse(JSON.parse(raw));
      } catch (err) {
        console.error(`Failed to parse ${what}`, err);
        globalThis.localStorage?.removeItem(key);
        return null;
      }
    },
    write(value: T): void {
      globalThis.localStorage?.setItem(key, JSON.stringify(value));
    },
    clear(): void {
      globalThis.localStorage?.removeItem(key);
    },
  };
}
