import { useEffect, useMemo, useState } from 'react';

type Rating = { score: 0 | 1 | 2 | 3 | 4; warning: string | null; suggestions: string[] };
type Rater = (password: string, userInputs: string[]) => Rating;

let loading: Promise<Rater> | null = null;
/** Loads zxcvbn-ts and its dictionaries once, on first use (a chunk of its own). */
function loadRater(): Promise<Rater> {
  loading ??= import('../password-strength').then((m) => m.rate);
  return loading;
}

/**
 * Rates a password as it is typed. The library is fetched only once there is something to rate; until then,
 * and while it loads, the answer is null. A failed load leaves the meter out (the server still enforces the rules).
 */
export function usePasswordStrength(password: string, userInputs: string[]): { rating: Rating | null; failed: boolean } {
  const [rater, setRater] = useState<Rater | null>(null);
  const [failed, setFailed] = useState(false);
  const wanted = password.length > 0;
  useEffect(() => {
    if (!wanted || rater || failed) return;
    let live = true;
    loadRater().then(
      (rate) => live && setRater(() => rate),
      () => {
        loading = null;
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, rater, failed]);
  const inputs = userInputs.join('\n');
  const rating = useMemo(() => (rater && password ? rater(password, inputs.split('\n').filter(Boolean)) : null), [rater, password, inputs]);
  return { rating, failed };
}
