import type { LegacySectionDoc } from '../types.js';

/** The `questions` section. */
export const questionsSection: LegacySectionDoc = {
  section: 'questions',
  title: 'Questions',
  summary: 'Questions are prompts the app asks around a scan (a seat number, a photo, a choice from a list). Services ask them (see services/addquestion); the answers are stored with the scan.',
  actions: [
    {
      action: 'retrieve',
      summary: 'Lists questions with their text, type and answers.',
      details: 'The reply holds `<count>`, then one `<question id="N">` per question, in id order, with `<text>`, `<type>` and one `<answer id="N">TEXT</answer>` per answer.',
      readOnly: true,
      params: [{ name: 'question_id', type: 'id-list', required: false, default: 'all', description: 'One id, a comma-separated list (spaces allowed), or `all`. Malformed: 262; unknown: 202.' }],
      errors: [202, 262],
      sample: { question_id: '{question_id}' },
    },
    {
      action: 'create',
      summary: 'Creates a question and answers its id in `<id>`; add the answers of a choice question with `addanswer`.',
      readOnly: false,
      params: [
        { name: 'question_text', type: 'text', required: true, description: 'The prompt, at most 2,000 characters. Missing or too long: 269.' },
        {
          name: 'question_type',
          type: 'enum',
          required: false,
          default: 'manual',
          values: ['manual', 'manualnumeric', 'option', 'dropdown', 'checkbox', 'gps', 'dropboximage', 'webcollect', 'datasignature'],
          description: '`manual` short free text, `manualnumeric` a number, `option` one choice from a list, `dropdown` one choice in a picker, `checkbox` several choices, `gps` the current location, `dropboximage` a photo, `webcollect` a custom web page (its single answer holds `<curl>URL</curl>` or `<html>`), `datasignature` a signature. Anything else answers 50.',
        },
      ],
      errors: [269],
      sample: { question_text: 'Notes', question_type: 'manual' },
    },
    {
      action: 'delete',
      summary: 'Deletes questions with their answers; answers already stored on scans stay.',
      details: 'A question that a live service asks answers 261: remove it from the service first (services/removequestion). If one question cannot be deleted, none is.',
      readOnly: false,
      params: [{ name: 'question_id', type: 'id-list', required: true, description: 'One id, a comma-separated list, or `all`. Missing: 133; malformed: 262; unknown: 202.' }],
      errors: [133, 202, 261, 262],
      sample: { question_id: '{question_id}' },
    },
    {
      action: 'addanswer',
      summary: 'Adds an answer to questions and answers one `<id>` per question (the new answer ids).',
      details: 'Only `option`, `dropdown` and `checkbox` questions hold a list of answers; a `webcollect` question holds one. Other types answer 265. Answers of one question must be unique without regard to case (1036).',
      readOnly: false,
      params: [
        { name: 'question_id', type: 'id-list', required: true, description: 'One id, a comma-separated list, or `all`: the answer is added to each. Missing: 133; malformed: 262; unknown: 202.' },
        { name: 'answer_text', type: 'text', required: true, description: 'The answer, at most 2,000 characters. Missing or too long: 265.' },
      ],
      errors: [133, 202, 262, 265, 1036],
      sample: { question_id: '{question_id}', answer_text: 'East gate' },
    },
    {
      action: 'deleteanswer',
      summary: 'Deletes answers of questions.',
      details: 'An `option`, `dropdown` or `checkbox` question that has two answers or more must keep at least two (206). If one answer cannot be deleted, none is.',
      readOnly: false,
      params: [{ name: 'answer_id', type: 'id-list', required: true, description: 'One id or a comma-separated list (`all` is refused with 266). Missing: 134; malformed: 266; unknown: 203.' }],
      errors: [134, 203, 206, 266],
      sample: { answer_id: '{answer_id}' },
    },
  ],
};
