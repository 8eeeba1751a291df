import { appAbMatchingReason } from '@scanbase/contracts/ab-matching';
import { appAnswers, appScan, type AppQuestion, type AppService, type ScanAnswerInput } from '@scanbase/contracts/scanner';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useOnline } from '../../../api/useOnline';
import { beep, vibrate } from '../feedback';
import { answerInputs, followUpQuestions, localFollowUps, preSubmitQuestions, sharedQuestions, type Answers } from '../question-flow';
import { autoNext, autoNextDelayMs, feedbackKind, resultView, type ResultView } from '../result-view';
import { V2Error } from '../../../api/v2-client';
import { capture, scanBody, submitScan, type Capture, type CaptureType, type GpsFix, type SubmitOutcome } from '../scan-submit';
import { useScanner } from './useScanner';
import { browserStore } from '../../../session/storage';
import { abOptions, abProperties, abResultView, localVerdict, needsReason, type AbOptions } from '../ab-matching';
import type { AbVerdict } from '@scanbase/contracts/ab-match-engine';
import { isFinalStage, logisticsOptions, logisticsProperties, proofAnswers, withoutProof, type LogisticsOptions, type Proof } from '../logistics';
import { checklistApplies, directionOptions, directionProperties, movedDirection, questionsFor, rememberDirection, rememberedDirection, type Direction, type DirectionOptions } from '../check-in-out';

/** Where the person is in the flow of one service. */
export type ScanPhase =
  | { kind: 'shared' }
  | { kind: 'ready' }
  /** Confirm mode: In or Out for this scan. */
  | { kind: 'direction'; taken: Capture }
  /** The checklist of the movement, confirmed before sending. */
  | { kind: 'checklist'; taken: Capture; direction: Direction | null }
  /** A/B matching: label B for label A (the scanned value). */
  | { kind: 'ab-b'; taken: Capture }
  /** A/B matching: a mismatch the device judged, waiting for the required reason before it is sent. */
  | { kind: 'ab-reason'; taken: Capture; answers: Answers; choice: Choice; verdict: AbVerdict }
  /** A/B matching: a mismatch only the server could judge (database rule), waiting for the required reason; then `next` shows. */
  | { kind: 'ab-reason-after'; scanId: number; a: string; b: string; detail: string; next: Extract<ScanPhase, { kind: 'result' }> }
  /** Logistics: the stage of the scanned package. */
  | { kind: 'stage'; taken: Capture }
  /** Logistics: the final stage's photo, signature and recipient. */
  | { kind: 'proof'; taken: Capture; stage: string }
  | { kind: 'pre'; taken: Capture; choice: Choice }
  | { kind: 'sending'; taken: Capture }
  | {
      kind: 'result';
      view: ResultView;
      followUps: AppQuestion[];
      /** Where follow-up answers go: the stored scan, or the scan still in the queue. */
      target: { scanId: number } | { clientScanId: string } | null;
      answered: boolean;
    };

/** What the person chose for a scan of a check in/out service (sent as the properties `direction` and `checklist`). */
export type Choice = { direction: Direction | null; checklist: string[] | null; ab?: { b: string; reason: string | null }; logistics?: { stage: string; recipient: string | null; proof: ScanAnswerInput[] } };

export type ScanFlow = {
  phase: ScanPhase;
  /** The direction and checklist options of the service (none for an ordinary one). */
  options: DirectionOptions;
  /** Fast mode: the direction of this session (remembered per service). */
  sessionDirection: Direction;
  setSessionDirection: (direction: Direction) => void;
  chooseDirection: (direction: Direction) => void;
  confirmChecklist: (items: string[]) => void;
  /** A/B matching options (null for another service). */
  ab: AbOptions | null;
  /** A/B matching: label B was scanned or typed. */
  giveB: (b: string) => void;
  /** A/B matching: the reason for a mismatch. */
  giveReason: (reason: string) => void;
  /** Logistics options (null for another service). */
  logistics: LogisticsOptions | null;
  /** Logistics: the stage was picked. */
  chooseStage: (stage: string) => void;
  /** Logistics: the proof of delivery was given. */
  giveProof: (proof: Proof) => void;
  /** The pre-submit questions of the scan being asked about (those meant for its direction). */
  preFor: AppQuestion[];
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
  const options = useMemo(() => directionOptions(service), [service]);
  const ab = useMemo(() => abOptions(service), [service]);
  const logistics = useMemo(() => logisticsOptions(service), [service]);
  // The pre-submit questions asked as questions for a choice (the proof questions are asked by the delivery form).
  const preFor = useCallback((direction: Direction | null) => withoutProof(questionsFor(pre, options, direction), logistics), [logistics, options, pre]);
  const [sessionDirection, setDirectionState] = useState<Direction>(() => rememberedDirection(browserStore(), service.id));
  const [phase, setPhase] = useState<ScanPhase>(shared.length > 0 ? { kind: 'shared' } : { kind: 'ready' });
  const [sharedAnswers, setSharedAnswers] = useState<Answers>({});
  const onlineRef = useRef(online);
  useEffect(() => {
    onlineRef.current = online;
  }, [online]);

  const submit = useCallback(
    async (taken: Capture, preAnswers: Answers, choice: Choice) => {
      setPhase({ kind: 'sending', taken });
      const answers = [...answerInputs(shared, sharedAnswers), ...answerInputs(preFor(choice.direction), preAnswers), ...(choice.logistics?.proof ?? [])];
      const extra = {
        ...directionProperties(choice.direction, choice.checklist),
        ...(choice.ab ? abProperties(choice.ab.b, choice.ab.reason) : {}),
        ...(choice.logistics ? logisticsProperties(choice.logistics.stage, choice.logistics.recipient) : {}),
      };
      const body = scanBody(service, taken, answers, gps.current, undefined, extra);
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
      const plain = resultView(taken.value, outcome);
      const view = ab && choice.ab ? abResultView(plain, outcome, taken.value, choice.ab.b, localVerdict(ab, taken.value, choice.ab.b)) : plain;
      beep(feedbackKind(view));
      vibrate(feedbackKind(view));
      if (outcome.kind === 'result') {
        const followUps = questionsFor(followUpQuestions(service, outcome.result.followUpQuestionIds), options, movedDirection(outcome.result) ?? choice.direction);
        const shown = { kind: 'result' as const, view, followUps, target: { scanId: outcome.result.scanId }, answered: false };
        const decided = outcome.result.outcome;
        if (ab?.reasonRequired && choice.ab && decided?.ab_result === 'mismatch' && decided.ab_reason === undefined) {
          setPhase({ kind: 'ab-reason-after', scanId: outcome.result.scanId, a: taken.value, b: choice.ab.b, detail: outcome.result.text.replace(/^Mismatch: /, '').replace(/\.? A reason is required.*$/, ''), next: shown });
        } else setPhase(shown);
      } else if (outcome.kind === 'queued') {
        setPhase({ kind: 'result', view, followUps: questionsFor(localFollowUps(service, null), options, choice.direction), target: { clientScanId: taken.clientScanId }, answered: false });
      } else {
        setPhase({ kind: 'result', view, followUps: [], target: null, answered: false });
      }
    },
    [ab, client, gps, options, preFor, queue, service, shared, sharedAnswers, userId],
  );

  // A/B matching: a mismatch the device can judge waits for its reason (when required) before it is sent.
  const send = useCallback(
    (taken: Capture, preAnswers: Answers, choice: Choice) => {
      if (ab && choice.ab && choice.ab.reason === null) {
        const verdict = localVerdict(ab, taken.value, choice.ab.b);
        if (needsReason(ab, verdict)) {
          beep(0);
          vibrate(0);
          setPhase({ kind: 'ab-reason', taken, answers: preAnswers, choice, verdict });
          return;
        }
      }
      void submit(taken, preAnswers, choice);
    },
    [ab, submit],
  );

  // After the direction (and the checklist) come the pre-submit questions meant for it, then the scan is sent.
  const afterChecklist = useCallback(
    (taken: Capture, choice: Choice) => {
      if (preFor(choice.direction).length > 0) setPhase({ kind: 'pre', taken, choice });
      else send(taken, {}, choice);
    },
    [preFor, send],
  );
  const afterDirection = useCallback(
    (taken: Capture, direction: Direction | null) => {
      if (checklistApplies(options, direction)) setPhase({ kind: 'checklist', taken, direction });
      else afterChecklist(taken, { direction, checklist: null });
    },
    [afterChecklist, options],
  );

  const take = useCallback(
    (value: string, captureType: CaptureType) => {
      const trimmed = value.trim();
      if (!trimmed) return;
      const accepts = phase.kind === 'ready' || (phase.kind === 'result' && (phase.followUps.length === 0 || phase.answered));
      if (!accepts) return;
      const taken = capture(trimmed, captureType);
      if (ab) setPhase({ kind: 'ab-b', taken });
      else if (logistics) setPhase({ kind: 'stage', taken });
      else if (options.direction === 'confirm') setPhase({ kind: 'direction', taken });
      else afterDirection(taken, options.direction === 'fast' ? sessionDirection : null);
    },
    [ab, afterDirection, logistics, options.direction, phase, sessionDirection],
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
    options,
    sessionDirection,
    setSessionDirection: (direction) => {
      rememberDirection(browserStore(), service.id, direction);
      setDirectionState(direction);
    },
    chooseDirection: (direction) => {
      if (phase.kind === 'direction') afterDirection(phase.taken, direction);
    },
    confirmChecklist: (items) => {
      if (phase.kind === 'checklist') afterChecklist(phase.taken, { direction: phase.direction, checklist: items });
    },
    ab,
    giveB: (b) => {
      const value = b.trim();
      if (phase.kind === 'ab-b' && value !== '') afterChecklist(phase.taken, { direction: null, checklist: null, ab: { b: value, reason: null } });
    },
    giveReason: (reason) => {
      if (reason.trim() === '') return;
      if (phase.kind === 'ab-reason' && phase.choice.ab) void submit(phase.taken, phase.answers, { ...phase.choice, ab: { ...phase.choice.ab, reason: reason.trim() } });
      if (phase.kind === 'ab-reason-after') {
        const { next } = phase;
        const text = next.view.text.replace(/ A reason is required for a mismatch and none was given\.$/, '');
        client.call(appAbMatchingReason, { scanId: phase.scanId, reason: reason.trim() }).then(
          () => setPhase({ ...next, view: { ...next.view, text: `${text} Reason saved.` } }),
          (error: unknown) => setPhase({ ...next, view: { ...next.view, text: `${text} The reason could not be saved: ${error instanceof Error ? error.message : 'try again later'}` } }),
        );
      }
    },
    logistics,
    chooseStage: (stage) => {
      if (phase.kind !== 'stage' || !logistics) return;
      if (isFinalStage(logistics, stage)) setPhase({ kind: 'proof', taken: phase.taken, stage });
      else afterChecklist(phase.taken, { direction: null, checklist: null, logistics: { stage, recipient: null, proof: [] } });
    },
    giveProof: (proof) => {
      if (phase.kind !== 'proof' || !logistics) return;
      afterChecklist(phase.taken, { direction: null, checklist: null, logistics: { stage: phase.stage, recipient: proof.recipient, proof: proofAnswers(logistics, proof) } });
    },
    preFor: phase.kind === 'pre' ? preFor(phase.choice.direction) : withoutProof(pre, logistics),
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
      if (phase.kind === 'pre') send(phase.taken, answers, phase.choice);
    },
    cancelPre: () => setPhase({ kind: 'ready' }),
    answerFollowUps,
    next: () => setPhase({ kind: 'ready' }),
    autoNextIn,
  };
}
