import { useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';

type Value = string | number | undefined;

/** The current page's query parameters as text, and a setter that merges changes into the address. */
export function useListSearch(): { search: Record<string, string>; update: (patch: Record<string, Value>) => void } {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navigate = useNavigate();
  const search: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' && value !== '') search[key] = value;
    else if (typeof value === 'number') search[key] = String(value);
  }
  const key = JSON.stringify(search);
  const update = useCallback(
    (patch: Record<string, Value>) => {
      const next = new URLSearchParams(JSON.parse(key) as Record<string, string>);
      for (const [name, value] of Object.entries(patch)) {
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, String(value));
      }
      const text = next.toString();
      void navigate({ href: `${pathname}${text ? `?${text}` : ''}`, replace: true });
    },
    [key, navigate, pathname],
  );
  return { search, update };
}
