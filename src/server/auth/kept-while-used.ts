/**
 * Something costly to hold that is used in bursts: loaded on first use, shared by the calls
 * that overlap, and forgotten `idleMs` after the last one, so a server at rest gives its memory
 * back. A load that fails is forgotten at once: the next call tries again.
 */
export function keptWhileUsed<T>(load: () => Promise<T>, idleMs: number) {
  let value: Promise<T> | undefined;
  let idle: NodeJS.Timeout | undefined;
  return {
    get(): Promise<T> {
      if (!value) {
        const loading = load();
        value = loading;
        loading.catch(() => {
          if (value === loading) value = undefined;
        });
      }
      clearTimeout(idle);
      idle = setTimeout(() => (value = undefined), idleMs);
      idle.unref();
      return value;
    },
    /** Whether it is held now. */
    held: () => value !== undefined,
  };
}
