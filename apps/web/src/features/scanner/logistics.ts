import type { AppQuestion, AppService, ScanAnswerInput } from '@scanbase/contracts/scanner';
import { z } from 'zod';

// The scanner side of logistics (docs/SPECIALIZED-LOGISTICS.md): after a package is scanned the person
// picks its stage; the final stage then asks for a photo, the recipient's signature and name. The stage
// and name travel as the scan properties `stage` and `recipient`; the photo and signature as answers to
// the instance's photo and signature questions (made with the instance), so the offline queue keeps them.

const options = z.object({ stages: z.array(z.string()).min(1) });

export type LogisticsOptions = {
  stages: string[];
  /** The instance's photo and signature questions (the first of each type asked before the scan). */
  photo: AppQuestion | null;
  signature: AppQuestion | null;
};

/** The logistics options of a service, or null when it is not a logistics instance. */
export function logisticsOptions(service: AppService): LogisticsOptions | null {
  if (service.specialized?.type !== 'logistics') return null;
  const parsed = options.safeParse((service.specialized.options as { logistics?: unknown }).logistics);
  if (!parsed.success) return null;
  const pre = service.questions.filter((q) => q.condition === 'pre_submit');
  return { stages: parsed.data.stages, photo: pre.find((q) => q.type === 'dropboximage') ?? null, signature: pre.find((q) => q.type === 'datasignature') ?? null };
}

/** Whether `stage` is the final stage (the delivery). */
export function isFinalStage(opts: LogisticsOptions, stage: string): boolean {
  return opts.stages[opts.stages.length - 1] === stage;
}

/** The pre-submit questions still asked as questions: the proof questions are asked by the delivery form instead. */
export function withoutProof(questions: readonly AppQuestion[], opts: LogisticsOptions | null): AppQuestion[] {
  if (!opts) return [...questions];
  return questions.filter((q) => q.id !== opts.photo?.id && q.id !== opts.signature?.id);
}

/** What the delivery form gathered. */
export type Proof = { recipient: string; photo: string | null; signature: string | null };

/** What is missing from a delivery, in words (empty when complete). */
export function missingProof(opts: LogisticsOptions, proof: Proof): string[] {
  const missing: string[] = [];
  if (!proof.photo) missing.push(opts.photo ? 'a photo' : 'a photo (this service has no photo question: ask an administrator)');
  if (!proof.signature) missing.push(opts.signature ? "the recipient's signature" : 'a signature (this service has no signature question: ask an administrator)');
  if (proof.recipient.trim() === '') missing.push("the recipient's name");
  return missing;
}

/** The proof as answers of the scan. */
export function proofAnswers(opts: LogisticsOptions, proof: Proof): ScanAnswerInput[] {
  const answers: ScanAnswerInput[] = [];
  if (opts.photo && proof.photo) answers.push({ questionId: opts.photo.id, values: [], image: proof.photo });
  if (opts.signature && proof.signature) answers.push({ questionId: opts.signature.id, values: [], image: proof.signature });
  return answers;
}

/** The properties a scan carries for the stage (and the recipient at delivery). */
export function logisticsProperties(stage: string, recipient: string | null): Record<string, string> {
  return recipient === null ? { stage } : { stage, recipient: recipient.trim() };
}
