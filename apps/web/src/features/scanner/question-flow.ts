import type { AppQuestion, AppService, ScanAnswerInput, ScanStatus } from '@scanbase/contracts/scanner';

/**
 * When the scanner asks a service's questions (legacy conditions):
 * - `shared_submit` once per scanning session, before the first scan; the answers go with every scan;
 * - `pre_submit` before each scan is submitted; the answers go with the scan;
 * - after the result: `post_submit`, then `valid_scan` or `invalid_scan` (the server names them in
 *   `followUpQuestionIds`); those answers are sent with app/answers.
 * Within one condition the service's own order is kept.
 */
export type AnswerValue = { values: string[]; image?: string };
export type Answers = Record<number, AnswerValue>;

export function sharedQuestions(service: AppService): AppQuestion[] {
  return service.questions.filter((question) => question.condition === 'shared_submit');
}

export function preSubmitQuestions(service: AppService): AppQuestion[] {
  return service.questions.filter((question) => question.condition === 'pre_submit');
}

const followUpRank: Partial<Record<AppQuestion['condition'], number>> = { post_submit: 0, valid_scan: 1, invalid_scan: 1 };

/** The follow-up questions the server named, post_submit first, then valid_scan / invalid_scan, each in service order. */
export function followUpQuestions(service: AppService, ids: readonly number[]): AppQuestion[] {
  const wanted = new Set(ids);
  return service.questions
    .map((question, index) => ({ question, index }))
    .filter(({ question }) => wanted.has(question.id) && followUpRank[question.condition] !== undefined)
    .sort((a, b) => (followUpRank[a.question.condition] ?? 0) - (followUpRank[b.question.condition] ?? 0) || a.index - b.index)
    .map(({ question }) => question);
}

/**
 * The follow-ups the scanner works out itself when the server could not judge the scan (offline):
 * post_submit always; valid_scan / invalid_scan only for a known status.
 */
export function localFollowUps(service: AppService, status: ScanStatus | null): AppQuestion[] {
  const conditions = new Set<AppQuestion['condition']>(['post_submit']);
  if (status === 1) conditions.add('valid_scan');
  if (status === 0) conditions.add('invalid_scan');
  return followUpQuestions(
    service,
    service.questions.filter((question) => conditions.has(question.condition)).map((question) => question.id),
  );
}

/** Whether an answer holds anything (a text, a choice or an image). */
export function isAnswered(answer: AnswerValue | undefined): boolean {
  if (!answer) return false;
  if (answer.image) return true;
  return answer.values.some((value) => value.trim() !== '');
}

/** The problem with one answer, or null: required questions must be answered, numbers must be numbers. */
export function answerIssue(question: AppQuestion, answer: AnswerValue | undefined): string | null {
  if (!isAnswered(answer)) return question.required ? 'This question needs an answer' : null;
  if (question.type === 'manualnumeric') {
    const text = answer?.values[0]?.trim() ?? '';
    if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(text)) return 'Enter a number';
  }
  return null;
}

/** The answers in the form app/scan and app/answers take (unanswered optional questions are left out). */
export function answerInputs(questions: readonly AppQuestion[], answers: Answers): ScanAnswerInput[] {
  const inputs: ScanAnswerInput[] = [];
  for (const question of questions) {
    const answer = answers[question.id];
    if (!answer || !isAnswered(answer)) continue;
    const values = answer.values.map((value) => value.trim()).filter((value) => value !== '');
    inputs.push(answer.image ? { questionId: question.id, values, image: answer.image } : { questionId: question.id, values });
  }
  return inputs;
}
