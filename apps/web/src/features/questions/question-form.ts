import { createQuestion, questionTypeInfo, type Question, type QuestionType } from '@scanbase/contracts/questions';
import type { z } from 'zod';
import { zodIssues, type Issue } from '../../ui/form-issues';
import { emptyWebContent, parseWebContent, webContentValue, type WebContentForm } from '../services/web-content';

/** Types whose answers are a fixed list (the server keeps at least two of them). */
export const choiceTypes: readonly QuestionType[] = ['option', 'dropdown', 'checkbox'];

export function questionTypeLabel(type: QuestionType): string {
  return questionTypeInfo.find((info) => info.type === type)?.label ?? type;
}

/** The create/edit form of a question; answers are typed one per line. */
export type QuestionFormValues = WebContentForm & { text: string; type: QuestionType; answers: string };

export const questionFieldKeys = ['text', 'type', 'answers', 'webUrl', 'webHtml'] as const;

export function newQuestionForm(type: QuestionType = 'manual'): QuestionFormValues {
  return { ...emptyWebContent, text: '', type, answers: '' };
}

export function questionToForm(question: Question): QuestionFormValues {
  const web = question.type === 'webcollect' && question.answers[0] ? parseWebContent(question.answers[0].text) : emptyWebContent;
  return { ...web, text: question.text, type: question.type, answers: '' };
}

/** Non-empty answer lines, trimmed. */
export function answerLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The first answer that appears twice (ignoring letter case, as the server does), if any. */
export function duplicateAnswer(answers: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const answer of answers) {
    const key = answer.toLowerCase();
    if (seen.has(key)) return answer;
    seen.add(key);
  }
  return null;
}

export type CreateQuestionBody = z.output<typeof createQuestion.body>;
type Checked = { body: CreateQuestionBody; issues: [] } | { body: null; issues: Issue[] };

/**
 * The `questions/create` body, checked with the contract plus the rules of the type: choice
 * questions need at least two different answers; a custom web question holds one answer,
 * its `<curl>URL</curl>` or `<html>`; other types have none.
 */
export function createQuestionBody(form: QuestionFormValues): Checked {
  const issues: Issue[] = [];
  let answers: string[] | undefined;
  if (choiceTypes.includes(form.type)) {
    answers = answerLines(form.answers);
    const repeated = duplicateAnswer(answers);
    if (answers.length < 2) issues.push({ path: 'answers', message: 'Enter at least two answers, one per line' });
    else if (repeated) issues.push({ path: 'answers', message: `"${repeated}" is listed twice` });
  } else if (form.type === 'webcollect') {
    const content = webContentValue(form);
    if ('value' in content) answers = [content.value];
    else issues.push({ path: content.path, message: content.message });
  }
  const parsed = createQuestion.body.safeParse({ text: form.text, type: form.type, ...(answers ? { answers } : {}) });
  if (parsed.success && issues.length === 0) return { body: parsed.data, issues: [] };
  return { body: null, issues: [...(parsed.success ? [] : zodIssues(parsed.error.issues)), ...issues] };
}
