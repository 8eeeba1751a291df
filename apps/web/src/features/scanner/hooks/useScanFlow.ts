import { appAnswers, appScan, type AppQuestion, type AppService } from '@scanbase/contracts/scanner';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useOnline } from '../../../api/useOnline';
import { beep, vibrate } from '../feedback';
import { answerInputs, followUpQuestions, localFollowUps, preSubmitQuestions, sharedQuestions, type Answers } from '../question-flow';
import { autoNext, autoNextDelayMs, feedbackKind, resultView, type ResultView } from '../result-view';
import { V2Error } from '../../../api/v2-client';
import { capture, scanBody, submitScan, type Capture, type CaptureType, type GpsFix, type SubmitOutcome } from '../scan-submit';
import { useScanner } from './useScanner';

/** Where the person is in the flow of one service. */
export type ScanPhase =
  | { kind: 'shared' }
  | { kind: 'ready' }
  | { kind: 'pre'; taken: Capture }
  | { kind: 'sending'; taken: Capture }
  | {
      kind: 'result';
      view: ResultView;
      followUps: AppQuestion[];
      /** Where follow-up answers go: the stored scan, or the scan still in the queue. */
      target: { scanId: number } | { clientScanId: string } | null;
      answered: boolean;
    };

export type ScanFlow = {
  phase: ScanPhase;
  shared: AppQuestion[];
  sharedAnswers: Answers;
  pre: AppQuestion[];
  /** A value arrived (camera, typing, keyboard scanner). Taken in the ready state, or over a finished result. */
  take: (value: string, captureType: CaptureType) => void;
  answerShared: (answers: Answers) => void;
  editShared: () => void;
  answerPre: (answers: Answers) => void;
  cancelPre: () => void;
  answerFollowUps: (answers: Answers) => Promise<void>;
  next: () => void;
  /** Milliseconds until the scanner goes on by itself, or null. */
  autoNextIn: number | null;
};

/** The scan flow of one service: shared questions, capture, pre-submit questions, submission, result, follow-ups. */
export function useScanFlow(service: AppService, userId: number, continuous: boolean, gps: React.RefObject<GpsFix | null>): ScanFlow {
  const { client, queue } = useScanner();
  const online = useOnline();
  const shared = useMemo(() => sharedQuestions(service), [service]);
  const pre = useMemo(() => preSubmitQuestions(service), [service]);
  const [phase, setPhase] = useState<ScanPhase>(shared.length > 0 ? { kind: 'shared' } : { kind: 'ready' });
  const [sharedAnswers, setSharedAnswers] = useState<Answers>({});
  const onlineRef = useRef(online);
  useEffect(() => {
    onlineRef.current = online;
  }, [online]);

  const submit = useCallback(
    async (taken: Capture, preAnswers: Answers) => {
      setPhase({ kind: 'sending', taken });
      const answers = [...answerInputs(shared, sharedAnswers), ...answerInputs(pre, preAnswers)];
      const body = scanBody(service, taken, answers, gps.current);
      let outcome: SubmitOutcome;
      try {
        outcome = await submitScan(service, body, {
          online: onlineRef.current,
          send: (scan) => client.call(appScan, scan),
          enqueue: (scan) => queue.add(userId, { ...scan, scannedAt: body.scannedAt }),
        });
      } catch (error) {
        // Only the device's own storage can fail here (the network failures are queued).
        console.error('The scan could not be kept on this device', error);
        outcome = { kind: 'refused', error: new V2Error('UNKNOWN', 'The scan could not be saved on this device (storage is full or blocked). Scan it again when online.', 0) };
      }
      const view = resultView(taken.value, outcome);
      beep(feedbackKind(view));
      vibrate(feedbackKind(view));
      if (outcome.kind === 'result') {
        setPhase({ kind: 'result', view, followUps: followUpQuestions(service, outcome.result.followUpQuestionIds), target: { scanId: outcome.result.scanId }, answered: false });
      } else if (outcome.kind === 'queued') {
        setPhase({ kind: 'result', view, followUps: localFollowUps(service, null), target: { clientScanId: taken.clientScanId }, answered: false });
      } else {
        setPhase({ kind: 'result', view, followUps: [], target: null, answered: false });
      }
    },
    [client, gps, pre, queue, service, shared, sharedAnswers, userId],
  );

  const take = useCallback(
    (value: string, captureType: CaptureType) => {
      const trimmed = value.trim();
      if (!trimmed) return;
      const accepts = phase.kind === 'ready' || (phase.kind === 'result' && (phase.followUps.length === 0 || phase.answered));
      if (!accepts) return;
      const taken = capture(trimmed, captureType);
      if (pre.length > 0) setPhase({ kind: 'pre', taken });
      else void submit(taken, {});
    },
    [phase, pre.length, submit],
  );

  const answerFollowUps = useCallback(
    async (answers: Answers) => {
      if (phase.kind !== 'result') return;
      const inputs = answerInputs(phase.followUps, answers);
      if (inputs.length > 0 && phase.target) {
        if ('scanId' in phase.target) await client.call(appAnswers, { scanId: phase.target.scanId, answers: inputs });
        else if (!(await queue.amend(phase.target.clientScanId, inputs))) throw new Error('The scan was sent before the answers were ready; they were not added.');
      }
      setPhase({ ...phase, answered: true });
    },
    [client, phase, queue],
  );

  const waiting = phase.kind === 'result' && phase.followUps.length > 0 && !phase.answered;
  const autoNextIn = phase.kind === 'result' && autoNext(continuous, service.autoNextScan, phase.view, waiting) ? autoNextDelayMs(service.autoNextScanDelay) : null;
  useEffect(() => {
    if (autoNextIn === null) return;
    const timer = setTimeout(() => setPhase({ kind: 'ready' }), autoNextIn);
    return () => clearTimeout(timer);
  }, [autoNextIn, phase]);

  return {
    phase,
    shared,
    pre,
    take,
    sharedAnswers,
    answerShared: (answers) => {
      setSharedAnswers(answers);
      setPhase({ kind: 'ready' });
    },
    editShared: () => setPhase({ kind: 'shared' }),
    answerPre: (answers) => {
      if (phase.kind === 'pre') void submit(phase.taken, answers);
    },
    cancelPre: () => setPhase({ kind: 'ready' }),
    answerFollowUps,
    next: () => setPhase({ kind: 'ready' }),
    autoNextIn,
  };
}
