import type { LegacyActionDoc, LegacySample } from '@scanbase/contracts/legacy-docs/types';

/** The languages every action's sample request is shown in. */
export const sampleLanguages = ['curl', 'Python', 'JavaScript', 'PHP'] as const;
export type SampleLanguage = (typeof sampleLanguages)[number];

/** What a sample request sends: the endpoint, its fields in order and an optional file. */
export type SampleRequest = {
  endpoint: string;
  fields: readonly (readonly [string, string])[];
  file?: { field: string; filename: string };
};

/** The placeholder shown where a reader puts their own API key. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** The request of an action's sample: section, action, api_key, then the generated sample's variables (or the catalog's). */
export function sampleRequest(section: string, action: LegacyActionDoc, generated: LegacySample | undefined, endpoint: string): SampleRequest {
  const params = generated?.params ?? action.sample;
  const fields: [string, string][] = [
    ['section', section],
    ['action', action.action],
    ['api_key', API_KEY_PLACEHOLDER],
    ...Object.entries(params),
  ];
  return action.sampleFile
    ? { endpoint, fields, file: { field: action.sampleFile.field, filename: action.sampleFile.filename } }
    : { endpoint, fields };
}

/** A POSIX shell word: single-quoted unless it is plainly safe. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9_.,:/@%+=-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A string literal that Python and JavaScript both read back as the same text. */
function stringLiteral(text: string): string {
  return JSON.stringify(text);
}

/** A single-quoted PHP string literal. */
function phpLiteral(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function curl(request: SampleRequest): string {
  const lines = [`curl -X POST ${shellWord(request.endpoint)}`];
  for (const [name, value] of request.fields) {
    lines.push(request.file ? `  -F ${shellWord(`${name}=${value}`)}` : `  --data-urlencode ${shellWord(`${name}=${value}`)}`);
  }
  if (request.file) lines.push(`  -F ${shellWord(`${request.file.field}=@${request.file.filename}`)}`);
  return lines.join(' \\\n');
}

function python(request: SampleRequest): string {
  const data = request.fields.map(([name, value]) => `    ${stringLiteral(name)}: ${stringLiteral(value)},`).join('\n');
  const files = request.file
    ? `,\n    files={${stringLiteral(request.file.field)}: open(${stringLiteral(request.file.filename)}, "rb")}`
    : '';
  return [
    'import requests',
    '',
    'reply = requests.post(',
    `    ${stringLiteral(request.endpoint)},`,
    `    data={\n${data.replace(/^/gm, '    ')}\n    }${files},`,
    '    timeout=30,',
    ')',
    'print(reply.text)  # XML: <status>1</status> on success, <error code="N"> otherwise',
  ].join('\n');
}

function javascript(request: SampleRequest): string {
  const entries = request.fields.map(([name, value]) => `  ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : stringLiteral(name)}: ${stringLiteral(value)},`).join('\n');
  if (request.file) {
    return [
      "import { readFile } from 'node:fs/promises';",
      '',
      'const body = new FormData();',
      `for (const [name, value] of Object.entries({\n${entries.replace(/^/gm, '  ')}\n})) body.append(name, value);`,
      `body.append(${stringLiteral(request.file.field)}, new Blob([await readFile(${stringLiteral(request.file.filename)})]), ${stringLiteral(request.file.filename)});`,
      '',
      `const reply = await fetch(${stringLiteral(request.endpoint)}, { method: 'POST', body });`,
      'console.log(await reply.text()); // XML: <status>1</status> on success, <error code="N"> otherwise',
    ].join('\n');
  }
  return [
    `const reply = await fetch(${stringLiteral(request.endpoint)}, {`,
    "  method: 'POST',",
    `  body: new URLSearchParams({\n${entries.replace(/^/gm, '  ')}\n  }),`,
    '});',
    'console.log(await reply.text()); // XML: <status>1</status> on success, <error code="N"> otherwise',
  ].join('\n');
}

function php(request: SampleRequest): string {
  const entries = request.fields.map(([name, value]) => `    ${phpLiteral(name)} => ${phpLiteral(value)},`);
  if (request.file) entries.push(`    ${phpLiteral(request.file.field)} => new CURLFile(${phpLiteral(request.file.filename)}),`);
  const body = request.file ? '$fields' : 'http_build_query($fields)';
  return [
    '<?php',
    `$fields = [\n${entries.join('\n')}\n];`,
    `$ch = curl_init(${phpLiteral(request.endpoint)});`,
    'curl_setopt($ch, CURLOPT_POST, true);',
    `curl_setopt($ch, CURLOPT_POSTFIELDS, ${body});`,
    'curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);',
    '$reply = curl_exec($ch);',
    'curl_close($ch);',
    '$xml = simplexml_load_string($reply);',
    "echo (string) $xml->status === '1' ? $reply : 'Error ' . $xml->error['code'] . ': ' . $xml->error;",
  ].join('\n');
}

/** The sample request written in one language, ready to copy. */
export function sampleCode(language: SampleLanguage, request: SampleRequest): string {
  switch (language) {
    case 'curl':
      return curl(request);
    case 'Python':
      return python(request);
    case 'JavaScript':
      return javascript(request);
    case 'PHP':
      return php(request);
  }
}
