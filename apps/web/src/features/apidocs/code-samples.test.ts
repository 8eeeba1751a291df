import type { LegacyActionDoc } from '@scanbase/contracts/legacy-docs/types';
import { describe, expect, it } from 'vitest';
import { sampleCode, sampleRequest } from './code-samples';

const action: LegacyActionDoc = {
  action: 'upsertvalue',
  summary: 'Adds or changes a value.',
  readOnly: false,
  params: [],
  errors: [],
  sample: { database_id: '{database_id}', value: "O'Brien \"VIP\"", response: 'a\\b $x' },
};

describe('sample requests', () => {
  const request = sampleRequest('databases', action, { params: { database_id: '7', value: "O'Brien \"VIP\"", response: 'a\\b $x' }, reply: '' }, 'https://scan.example/api/');

  it('puts section, action and the key placeholder first, then the generated sample with its ids filled in', () => {
    expect(request.fields.slice(0, 4)).toEqual([
      ['section', 'databases'],
      ['action', 'upsertvalue'],
      ['api_key', 'YOUR_API_KEY'],
      ['database_id', '7'],
    ]);
  });

  it('quotes values for the shell so quotes and dollars reach the server as typed', () => {
    const code = sampleCode('curl', request);
    expect(code).toContain(`--data-urlencode 'value=O'\\''Brien "VIP"'`);
    expect(code).toContain(`--data-urlencode 'response=a\\b $x'`);
  });

  it('writes Python and JavaScript string literals that read back as the same text', () => {
    for (const language of ['Python', 'JavaScript'] as const) {
      const code = sampleCode(language, request);
      expect(code).toContain(JSON.stringify(`O'Brien "VIP"`));
      expect(code).toContain(JSON.stringify('a\\b $x'));
    }
  });

  it('escapes PHP single-quoted strings', () => {
    const code = sampleCode('PHP', request);
    expect(code).toContain(`'value' => 'O\\'Brien "VIP"'`);
    expect(code).toContain(`'response' => 'a\\\\b $x'`);
    expect(code).toContain('http_build_query($fields)');
  });

  it('sends a file as multipart in every language', () => {
    const upload = sampleRequest('databases', { ...action, action: 'upload', sample: { database_id: '7' }, sampleFile: { field: 'file', filename: 'values.csv', content: 'A,1' } }, undefined, 'https://scan.example/api/');
    expect(sampleCode('curl', upload)).toContain(`-F file=@values.csv`);
    expect(sampleCode('Python', upload)).toContain('files={"file": open("values.csv", "rb")}');
    expect(sampleCode('JavaScript', upload)).toContain('new FormData()');
    expect(sampleCode('PHP', upload)).toContain(`'file' => new CURLFile('values.csv')`);
  });
});
