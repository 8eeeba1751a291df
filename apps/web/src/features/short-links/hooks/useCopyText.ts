import { useCallback, useState } from 'react';

/** Copies text to the clipboard and says so (or says to copy by hand) until the next copy. */
export function useCopyText(): { copied: string | null; message: string | null; copy: (text: string) => void } {
  const [state, setState] = useState<{ copied: string | null; message: string | null }>({ copied: null, message: null });
  const copy = useCallback((text: string) => {
    navigator.clipboard.writeText(text).then(
      () => setState({ copied: text, message: 'Copied to the clipboard.' }),
      () => setState({ copied: null, message: 'Could not reach the clipboard: select the address and copy it.' }),
    );
  }, []);
  return { ...state, copy };
}
