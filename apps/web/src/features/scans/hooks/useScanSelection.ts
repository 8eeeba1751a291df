import { useCallback, useState } from 'react';

/**
 * The scans ticked on a view. The selection belongs to one set of filters: when they change (`scope`), it
 * starts empty again; it survives paging, so scans ticked on several pages can be exported or deleted together.
 */
export function useScanSelection(scope: string) {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<number> }>({ scope, ids: new Set() });
  const ids = state.scope === scope ? state.ids : new Set<number>();
  const select = useCallback(
    (changed: readonly number[], on: boolean) =>
      setState((before) => {
        const next = new Set(before.scope === scope ? before.ids : []);
        for (const id of changed) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return { scope, ids: next };
      }),
    [scope],
  );
  const clear = useCallback(() => setState({ scope, ids: new Set() }), [scope]);
  return { selected: ids, select, clear };
}
