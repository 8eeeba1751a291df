import { z } from 'zod';
import { id, listQuery, listReply, okReply, timestamp } from './common.js';
import { defineV2Route } from './route.js';

/** Question types (legacy `question_type`), with what the person scanning sees. */
export const questionTypeInfo = [
  { type: 'manual', label: 'Short text', description: 'Free text typed on the keyboard.', answers: false },
  { type: 'manualnumeric', label: 'Number', description: 'A number typed on a numeric keypad.', answers: false },
  { type: 'option', label: 'Single choice', description: 'Pick one answer from a list.', answers: true },
  { type: 'dropdown', label: 'Drop-down', description: 'Pick one answer from a native picker.', answers: true },
  { type: 'checkbox', label: 'Multiple choice', description: 'Tick any number of answers.', answers: true },
  { type: 'gps', label: 'Location', description: 'Confirm the current GPS location.', answers: false },
  { type: 'dropboximage', label: 'Photo', description: 'A photo from the camera or gallery.', answers: false },
  { type: 'webcollect', label: 'Custom web question', description: 'Your own HTML/JS page; its single answer holds <curl>URL</curl> or <html>.', answers: true },
  { type: 'datasignature', label: 'Signature', description: 'A signature drawn on the screen.', answers: false },
] as const;
export const questionTypes = ['manual', 'manualnumeric', 'option', 'dropdown', 'checkbox', 'gps', 'dropboximage', 'webcollect', 'datasignature'] as const;
export const questionType = z.enum(questionTypes);
export type QuestionType = z.infer<typeof questionType>;

export const question = z.object({
  id,
  text: z.string(),
  type: questionType,
  createdAt: timestamp,
  updatedAt: timestamp,
  answers: z.array(z.object({ id, text: z.string() })),
  serviceIds: z.array(id),
});
export type Question = z.infer<typeof question>;

const text = z.string().trim().min(1, 'Enter the question').max(2000);
const answerText = z.string().trim().min(1, 'Enter the answer').max(2000);

export const listQuestions = defineV2Route({ path: 'questions/list', access: 'admin', summary: 'Questions, filtered by text (search) and type (searchType).', body: listQuery.extend({ searchType: questionType.optional() }), reply: listReply(question) });
export const getQuestion = defineV2Route({ path: 'questions/get', access: 'admin', summary: 'One question with its answers.', body: z.object({ id }), reply: question });
export const createQuestion = defineV2Route({ path: 'questions/create', access: 'admin', summary: 'Creates a question, optionally with its answers.', body: z.object({ text, type: questionType.default('manual'), answers: z.array(answerText).max(200).optional() }), reply: question });
export const updateQuestion = defineV2Route({ path: 'questions/update', access: 'admin', summary: 'Changes the text or type of a question.', body: z.object({ id, text: text.optional(), type: questionType.optional() }), reply: question });
export const deleteQuestion = defineV2Route({ path: 'questions/delete', access: 'admin', summary: 'Deletes a question (CONFLICT while a service asks it).', body: z.object({ id }), reply: okReply });
export const addAnswer = defineV2Route({ path: 'questions/add-answer', access: 'admin', summary: 'Adds an answer (CONFLICT for a duplicate).', body: z.object({ questionId: id, text: answerText }), reply: question });
export const deleteAnswer = defineV2Route({ path: 'questions/delete-answer', access: 'admin', summary: 'Deletes an answer (choice questions keep at least two).', body: z.object({ answerId: id }), reply: okReply });
