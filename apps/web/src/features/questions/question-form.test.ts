import { describe, expect, it } from 'vitest';
import { placeIssues } from '../../ui/form-issues';
import { answerLines, createQuestionBody, newQuestionForm, questionFieldKeys, questionToForm } from './question-form';

describe('question form', () => {
  it('builds the create body per type', () => {
    expect(createQuestionBody({ ...newQuestionForm(), text: ' Notes ' }).body).toEqual({ text: 'Notes', type: 'manual' });
    expect(createQuestionBody({ ...newQuestionForm('option'), text: 'Gate?', answers: 'North\n\n  South \n' }).body).toEqual({ text: 'Gate?', type: 'option', answers: ['North', 'South'] });
    expect(createQuestionBody({ ...newQuestionForm('webcollect'), text: 'Form', webUrl: 'https://example.com/q' }).body).toEqual({ text: 'Form', type: 'webcollect', answers: ['<curl>https://example.com/q</curl>'] });
    // Answers typed for a choice type are not sent once the type has none.
    expect(createQuestionBody({ ...newQuestionForm('gps'), text: 'Where?', answers: 'a\nb' }).body).toEqual({ text: 'Where?', type: 'gps' });
  });

  it('checks text, answer count and repeats, and puts the messages on their fields', () => {
    const empty = createQuestionBody({ ...newQuestionForm('checkbox'), answers: 'Only one' });
    expect(placeIssues(empty.issues, questionFieldKeys).fields).toEqual({ text: 'Enter the question', answers: 'Enter at least two answers, one per line' });
    expect(createQuestionBody({ ...newQuestionForm('dropdown'), text: 'Size', answers: 'S\nM\ns' }).issues).toEqual([{ path: 'answers', message: '"s" is listed twice' }]);
    expect(createQuestionBody({ ...newQuestionForm('webcollect'), text: 'Form', webUrl: 'example.com' }).issues[0]?.path).toBe('webUrl');
    expect(answerLines(' a \n\n b')).toEqual(['a', 'b']);
  });

  it('reads a stored custom web question back', () => {
    const form = questionToForm({ id: 1, text: 'Form', type: 'webcollect', createdAt: '', updatedAt: '', answers: [{ id: 4, text: '<html><p>Hi</p></html>' }], serviceIds: [] });
    expect(form).toMatchObject({ webKind: 'html', webHtml: '<html><p>Hi</p></html>', text: 'Form', type: 'webcollect' });
  });
});
