import { useCallback, useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { IDLE_END_MS, isScannerBurst, readingOf, type Reading, type Stroke, type Suffix } from '../wedge-test';

/** Readings kept on the page (newest first); older ones drop off. */
const KEPT = 50;

export type WedgeTest = {
  value: string;
  readings: readonly Reading[];
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  clear: () => void;
};

/**
 * The live test box of the hardware scanner page: records the keys typed into it with their times; Enter or Tab
 * (or a scanner-fast burst that stops) ends a read, judged by readingOf. Escape empties the box; Tab in an empty
 * box moves on as usual, so the box is no keyboard trap.
 */
export function useWedgeTest(): WedgeTest {
  const [value, setValue] = useState('');
  const [readings, setReadings] = useState<Reading[]>([]);
  const current = useRef('');
  const strokes = useRef<Stroke[]>([]);
  const idle = useRef<number | undefined>(undefined);
  const nextId = useRef(1);

  const empty = useCallback(() => {
    window.clearTimeout(idle.current);
    strokes.current = [];
    current.current = '';
    setValue('');
  }, []);

  const finish = useCallback(
    (keys: Stroke[], suffix: Suffix) => {
      const reading = readingOf(nextId.current, current.current, keys, suffix);
      nextId.current += 1;
      setReadings((list) => [reading, ...list].slice(0, KEPT));
      empty();
    },
    [empty],
  );

  useEffect(() => () => window.clearTimeout(idle.current), []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const { key, timeStamp } = event;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (key === 'Escape') {
      empty();
      return;
    }
    if (key === 'Enter' || key === 'Tab') {
      if (current.current === '') {
        // Nothing read: Enter does nothing, Tab leaves the box.
        strokes.current = [];
        if (key === 'Enter') event.preventDefault();
        return;
      }
      event.preventDefault();
      window.clearTimeout(idle.current);
      finish([...strokes.current, { key, at: timeStamp }], key);
      return;
    }
    strokes.current.push({ key, at: timeStamp });
    window.clearTimeout(idle.current);
    idle.current = window.setTimeout(() => {
      if (current.current !== '' && isScannerBurst(strokes.current)) finish(strokes.current, null);
    }, IDLE_END_MS);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    current.current = event.target.value;
    setValue(event.target.value);
    if (event.target.value === '') strokes.current = [];
  };

  const clear = useCallback(() => {
    empty();
    setReadings([]);
  }, [empty]);

  return { value, readings, onChange, onKeyDown, clear };
}
