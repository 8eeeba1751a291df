import type { ScanResult } from '@scanbase/contracts/scanner';
import type { SubmitOutcome } from './scan-submit';

/** What the full-screen result shows: its colour, headline and the response text. */
export type ResultTone = 'valid' | 'invalid' | 'neutral' | 'error';
/** Result colours: green valid, red invalid, slate grey for recorded / saved for later, deep orange for not sent. */
export const toneColour: Record<ResultTone, string> = { valid: '#1b8a3a', invalid: '#c62828', neutral: '#3f5566', error: '#b34700' };
export type ResultView = {
  tone: ResultTone;
  title: string;
  text: string;
  textKind: ScanResult['textKind'];
  value: string;
  duplicate: boolean;
  /** A check in/out movement the server made (IN shows green, OUT blue). */
  moved?: 'in' | 'out';
  /** A/B matching: both labels, shown instead of the value. */
  pair?: { a: string; b: string };
};
/** The colour of a result screen (a check-out is blue, to tell it from a check-in at a glance). */
export function viewColour(view: ResultView): string {
  return view.moved === 'out' ? '#1c4f9c' : toneColour[view.tone];
}

/** The result screen of a scan the server stored (its status and the response as shown), e.g. on /scanresponse/{scanId}/. */
export function storedResultView(scan: { value: string; status: 1 | 0 | -1; text: string; textKind: ScanResult['textKind'] }): ResultView {
  return resultView(scan.value, { kind: 'result', result: { clientScanId: '', scanId: 1, status: scan.status, text: scan.text, textKind: scan.textKind, duplicate: false, followUpQuestionIds: [], replayed: false } });
}

export function resultView(value: string, outcome: SubmitOutcome): ResultView {
  switch (outcome.kind) {
    case 'result': {
      const { status, text, textKind, duplicate } = outcome.result;
      const d = outcome.result.outcome?.direction;
      if (status === 1 && (d === 'in' || d === 'out')) return { tone: 'valid', title: d === 'in' ? 'IN' : 'OUT', text, textKind, value, duplicate, moved: d };
      if (status === 1) return { tone: 'valid', title: 'Valid', text, textKind, value, duplicate };
      if (status === 0 && (d === 'in' || d === 'out')) return { tone: 'invalid', title: `Not checked ${d}`, text, textKind, value, duplicate };
      if (status === 0) return { tone: 'invalid', title: duplicate ? 'Invalid: duplicate' : 'Invalid', text, textKind, value, duplicate };
      return { tone: 'neutral', title: 'Recorded', text, textKind, value, duplicate };
    }
    case 'queued':
      return {
        tone: 'neutral',
        title: 'Saved, will sync',
        text: outcome.reason === 'offline' ? 'No connection: the scan is kept on this device and sent when the connection returns.' : 'Kept on this device and sent in the next upload.',
        textKind: 'text',
        value,
        duplicate: false,
      };
    case 'signed-out':
      return { tone: 'error', title: 'Sign in again', text: 'Your sign-in has ended. The scan is kept on this device and sent after you sign in again.', textKind: 'text', value, duplicate: false };
    case 'refused':
      return { tone: 'error', title: 'Not sent', text: outcome.error.message, textKind: 'text', value, duplicate: false };
  }
}

/** The beep and vibration pattern of a result. */
export function feedbackKind(view: ResultView): 1 | 0 | -1 | 'queued' {
  return view.tone === 'valid' ? 1 : view.tone === 'invalid' || view.tone === 'error' ? 0 : -1;
}

/**
 * Whether the scanner goes on by itself after this result (continuous mode): never while questions
 * wait; `autoNextScan` 1 only after a valid scan; otherwise always.
 */
export function autoNext(continuous: boolean, autoNextScan: number, view: ResultView, questionsWaiting: boolean): boolean {
  if (!continuous || questionsWaiting || view.tone === 'error') return false;
  if (autoNextScan === 1) return view.tone === 'valid' || view.tone === 'neutral';
  return true;
}

/** The pause before the next scan (the service's delay in seconds; 1.5 s when it sets none). */
export function autoNextDelayMs(delaySeconds: number): number {
  return Math.round((delaySeconds > 0 ? Math.min(delaySeconds, 30) : 1.5) * 1000);
}
