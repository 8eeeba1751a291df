import { toneColour, type ResultTone } from '../scanner/result-view';

/** One result screen of the scanner as the help page explains it: its colour, its headline and what it means. */
export type LegendEntry = { tone: ResultTone; colour: string; colourName: string; title: string; meaning: string; feedback: string };

/**
 * Every full-screen result the scanner shows (features/scanner/result-view.ts); result-legend.test.ts checks the
 * headlines and tones against resultView itself, so the help cannot drift from the scanner.
 */
export const resultLegend: readonly LegendEntry[] = [
  {
    tone: 'valid',
    colour: toneColour.valid,
    colourName: 'Green',
    title: 'Valid',
    meaning: 'The service accepted the code: for example it is in the database as valid, or your organisation’s system said yes. The text below the code is the service’s answer.',
    feedback: 'One high beep and one short buzz.',
  },
  {
    tone: 'invalid',
    colour: toneColour.invalid,
    colourName: 'Red',
    title: 'Invalid',
    meaning: 'The service refused the code: it is not in the database, it is marked invalid, or it breaks one of the service’s rules. The text below the code says why.',
    feedback: 'Two low beeps and two long buzzes.',
  },
  {
    tone: 'invalid',
    colour: toneColour.invalid,
    colourName: 'Red',
    title: 'Invalid: duplicate',
    meaning: 'This code was scanned before and the service takes each code only once.',
    feedback: 'Two low beeps and two long buzzes.',
  },
  {
    tone: 'neutral',
    colour: toneColour.neutral,
    colourName: 'Grey',
    title: 'Recorded',
    meaning: 'The service only records codes without checking them. The scan is saved; there is nothing else to do.',
    feedback: 'One middle beep and one buzz.',
  },
  {
    tone: 'neutral',
    colour: toneColour.neutral,
    colourName: 'Grey',
    title: 'Saved, will sync',
    meaning:
      'The scan is kept on this phone and sent later: there was no connection, or the service collects scans on the phone and uploads them in batches. Nothing has judged the code yet; the counter in the top bar shows it waiting.',
    feedback: 'One middle beep and one buzz.',
  },
  {
    tone: 'error',
    colour: toneColour.error,
    colourName: 'Orange',
    title: 'Sign in again',
    meaning: 'Your sign-in has ended. The scan is kept on this phone and sent after you sign in again with the same username.',
    feedback: 'Two low beeps and two long buzzes.',
  },
  {
    tone: 'error',
    colour: toneColour.error,
    colourName: 'Orange',
    title: 'Not sent',
    meaning:
      'The server refused the scan itself, for the reason shown (for example, the service is no longer yours to use). This scan is not kept: once the problem is solved, scan the code again.',
    feedback: 'Two low beeps and two long buzzes.',
  },
];
