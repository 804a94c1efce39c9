// A per-isolate memo that cannot grow without bound: at most `max` entries, the oldest out first.
// For values that are the same every time they are worked out (a verified cookie, an imported key).

export interface BoundedMap<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  delete(key: string): void;
}

export function boundedMap<T>(max: number): BoundedMap<T> {
  const entries = new Map<string, T>();
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      if (entries.size >= max && !entries.has(key)) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
    },
    delete: (key) => void entries.delete(key),
  };
}
