import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyAccess } from '@scanbase/contracts';
import { legacyActionErrorMeanings, legacyCatalog, legacyGenericErrors, legacyUndocumentedSections } from '@scanbase/contracts/legacy-docs/catalog';
import { formatLegacyXml } from '@scanbase/contracts/legacy-docs/format-xml';
import type { LegacyActionDoc, LegacyParamDoc, LegacySample } from '@scanbase/contracts/legacy-docs/types';
import { makeLogo, multipart } from '../../../modules/barcodes/barcodes.test-helpers.js';
import { createApiKey, signUpVerified, v2 } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/*
 * Keeps the legacy API documentation (packages/contracts/src/legacy-docs) honest:
 *  1. the catalog documents exactly the public actions of the access table, and each sample request
 *     uses only documented variables and every required one;
 *  2. every sample request is sent to a fresh server and its reply compared with the stored one in
 *     samples.generated.ts (UPDATE_API_SAMPLES=1 rewrites that file).
 */

const SAMPLES_FILE = path.resolve(import.meta.dirname, '../../../../../../packages/contracts/src/legacy-docs/samples.generated.ts');
const UPDATE_COMMAND = 'UPDATE_API_SAMPLES=1 npx vitest run apps/server/src/platform/http/legacy/legacy-docs.test.ts';
const updating = process.env.UPDATE_API_SAMPLES === '1';

/** Every documented action with its `section/action` key, in catalog order. */
const documented = legacyCatalog.flatMap((s) => s.actions.map((a) => ({ key: `${s.section}/${a.action}`, section: s.section, doc: a })));

/** A variable name as a pattern: `values[i][value]` matches `values[3][value]`, `with_property[NAME]` any name. */
function namePattern(p: LegacyParamDoc): RegExp {
  const escaped = p.name.replace(/[.*+?^${}()|\\]/g, '\\$&').replace(/\[/g, '\\[').replace(/\]/g, '\\]');
  return new RegExp(`^${escaped.replace(/\\\[i\\\]/g, '\\[\\d+\\]').replace(/\\\[NAME\\\]/g, '\\[[^\\]]+\\]')}$`);
}

describe('the legacy API catalog', () => {
  it('documents every public action of the access table once, and nothing else', () => {
    for (const s of legacyUndocumentedSections) expect(Object.keys(legacyAccess), `undocumented section ${s} is not in legacyAccess`).toContain(s);
    const expected = Object.entries(legacyAccess)
      .filter(([section]) => !legacyUndocumentedSections.includes(section))
      .flatMap(([section, actions]) => Object.keys(actions).map((a) => `${section}/${a}`))
      .sort();
    const keys = documented.map((d) => d.key);
    expect(new Set(keys).size, 'an action is documented twice').toBe(keys.length);
    expect(new Set(legacyCatalog.map((s) => s.section)).size, 'a section is documented twice').toBe(legacyCatalog.length);
    expect([...keys].sort()).toEqual(expected);
  });

  it('each sample names only documented variables, and every required one', () => {
    const problems: string[] = [];
    for (const { key, doc } of documented) {
      const names = doc.params.map((p) => p.name);
      if (new Set(names).size !== names.length) problems.push(`${key}: a variable is documented twice`);
      const sent = [...Object.keys(doc.sample), ...(doc.sampleFile ? [doc.sampleFile.field] : [])];
      for (const name of sent) if (!doc.params.some((p) => namePattern(p).test(name))) problems.push(`${key}: the sample sends ${name}, which is not documented`);
      for (const p of doc.params) {
        if (p.required === true && !sent.some((n) => namePattern(p).test(n))) problems.push(`${key}: the sample lacks the required ${p.name}`);
        if (p.type === 'enum' && !p.values?.length) problems.push(`${key}: enum ${p.name} lists no values`);
        if (p.type === 'file' && doc.sample[p.name] !== undefined) problems.push(`${key}: ${p.name} is a file and goes in sampleFile`);
      }
      if (doc.sampleFile && doc.params.find((p) => p.name === doc.sampleFile?.field)?.type !== 'file') problems.push(`${key}: sampleFile.field is not a documented file variable`);
    }
    expect(problems).toEqual([]);
  });

  it('explains every error code an action lists', () => {
    const generic = new Set(legacyGenericErrors.map((e) => e.code));
    const unexplained = documented.flatMap(({ key, doc }) => doc.errors.filter((c) => !generic.has(c) && legacyActionErrorMeanings[c] === undefined).map((c) => `${key}: ${c}`));
    expect(unexplained).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Sample replies

/**
 * Binary replies are stored as a note without their size: the bytes are the same from run to run here,
 * but the image library's compression may differ with its version or the CPU it runs on.
 */
function binaryNote(contentType: string): string {
  return `(${contentType.split(';')[0]!.trim()} image; the bytes are not shown)`;
}

/** A fixed stand-in for a time the server takes from its clock (same format). */
const FIXED_TIME = '2024-05-01 09:00:00';
/** A fixed stand-in for a random logo file name (same format). */
const FIXED_LOGO = 'logo-3f9c0a7d5e1b24c6a8f0e2d4.png';

/** Replaces what changes between runs: clock times (creation, receipt, modification) and random file names. Ids stay. */
function normalise(text: string): string {
  return text
    .replace(/<(created|timestamp_received|timestamp_modified)>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d<\/\1>/g, `<$1>${FIXED_TIME}</$1>`)
    .replace(/(<upload [^>]*timestamp=")\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"/g, `$1${FIXED_TIME}"`)
    .replace(/logo-[0-9a-f]{24}\.png/g, FIXED_LOGO);
}

/** The stored samples (read from the source file, so a rewrite is seen without a build). */
function readStored(): Record<string, LegacySample> {
  if (!fs.existsSync(SAMPLES_FILE)) return {};
  const text = fs.readFileSync(SAMPLES_FILE, 'utf8');
  const start = text.indexOf('= {');
  const end = text.lastIndexOf('};');
  if (start < 0 || end < 0) return {};
  return JSON.parse(text.slice(start + 2, end + 1)) as Record<string, LegacySample>;
}

function writeStored(samples: Record<string, LegacySample>): void {
  const header = [
    '/*',
    ' * GENERATED FILE: do not edit by hand. Written by apps/server/src/platform/http/legacy/legacy-docs.test.ts:',
    ` *   ${UPDATE_COMMAND}`,
    ' * It sends the sample request of each action in catalog.ts to a fresh server (the replies are the same on',
    ' * SQLite and PostgreSQL) and stores the request with its ids filled in and the reply. Normalised: clock',
    ` * times the request does not fix (<created>, upload timestamps) read ${FIXED_TIME}, random logo file`,
    ` * names read ${FIXED_LOGO}, and image replies are a note instead of their bytes.`,
    ' */',
  ].join('\n');
  const body = `${header}\nimport type { LegacySample } from './types.js';\n\n/** Sample request and reply of each legacy action, keyed \`section/action\`. */\nexport const legacySamples: Readonly<Record<string, LegacySample>> = ${JSON.stringify(samples, null, 2)};\n`;
  fs.writeFileSync(SAMPLES_FILE, body);
}

/** A small line diff (longest common subsequence) of two texts, `-` stored and `+` now. */
function lineDiff(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: string[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(`  ${a[i]}`);
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) out.push(`+ ${b[j++]}`);
    else out.push(`- ${a[i++]}`);
  }
  return out.join('\n');
}

/** A sample as text for a diff: the request variables, then the reply indented. */
function sampleText(s: LegacySample | undefined): string {
  if (!s) return '(no stored sample)';
  return [...Object.entries(s.params).map(([k, v]) => `${k}=${v}`), '---', s.reply.startsWith('<') ? formatLegacyXml(s.reply) : s.reply].join('\n');
}

let t: TestApp;
let apiKey = '';
/** The objects placeholders name, by label, filled by the seed (in a fixed order) and by create samples. */
const objects: Record<string, string> = {};

/**
 * Which object each placeholder names: `default`, and per action where it must be another one
 * (destructive actions work on what a create sample made, so the reads keep their objects).
 * `created:section/action` is the `<id>` that sample answered.
 */
const placeholders: { default: Record<string, string>; perAction: Record<string, Record<string, string>> } = {
  default: { service_id: 'gateA', database_id: 'tickets', user_id: 'gate1', question_id: 'entrance', answer_id: 'westGate', scan_id: 'scan1', device_id: 'frontDoor', logo_filename: 'logo' },
  perAction: {
    'services/update': { service_id: 'created:services/create' },
    'services/delete': { service_id: 'created:services/create' },
    'services/adduserpermission': { user_id: 'gate2' },
    'services/revokeuserpermission': { user_id: 'gate2' },
    'users/update': { user_id: 'created:users/create' },
    'users/delete': { user_id: 'created:users/create' },
    'databases/update': { database_id: 'created:databases/create' },
    'databases/upload': { database_id: 'created:databases/create' },
    'databases/clear': { database_id: 'created:databases/create' },
    'databases/delete': { database_id: 'created:databases/create' },
    'questions/delete': { question_id: 'created:questions/create' },
    'scans/delete': { scan_id: 'scan3' },
  },
};

/** The sample's variables with placeholders filled in. */
function fill(key: string, sample: Readonly<Record<string, string>>): Record<string, string> {
  const resolve = (name: string): string => {
    const label = placeholders.perAction[key]?.[name] ?? placeholders.default[name];
    const id = label === undefined ? undefined : objects[label];
    if (id === undefined) throw new Error(`${key}: the placeholder {${name}} names no seeded object (${label ?? 'no label'})`);
    return id;
  };
  return Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, v.replace(/\{([a-z_]+)\}/g, (_m, name: string) => resolve(name))]));
}

/** Sends one legacy call with the API key: urlencoded, or multipart with the sample file. */
async function send(fields: Record<string, string>, file?: LegacyActionDoc['sampleFile']): Promise<{ contentType: string; body: Buffer }> {
  const all = { ...fields, api_key: apiKey };
  const res = file
    ? await (async () => {
        const body = multipart(all, [{ field: file.field, filename: file.filename, contentType: 'text/csv', data: Buffer.from(file.content) }]);
        return t.app.inject({ method: 'POST', url: '/api/', payload: body.payload, headers: body.headers });
      })()
    : await t.app.inject({ method: 'POST', url: '/api/', payload: new URLSearchParams(all).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  return { contentType: String(res.headers['content-type'] ?? ''), body: res.rawPayload };
}

/** Calls a V2 route as the owner and answers the body (the seed stops at the first failure). */
async function must(token: string, route: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await v2(t.app, route, body, token);
  if (res.status !== 200) throw new Error(`seed ${route}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Builds the account the samples talk about. The order is fixed: ids are the same on every fresh database. */
async function seed(): Promise<void> {
  const owner = await signUpVerified(t, { email: 'owner@example.com', companyName: 'Acme Events', name: 'Ann Owner' });
  apiKey = await createApiKey(t, owner.token, 'Box office');
  const admin = (route: string, body: unknown) => must(owner.token, route, body);

  const tickets = (await admin('databases/create', { name: 'Tickets', caseSensitive: false })).id as number;
  for (const [value, response, validity] of [['TICKET-0001', 'Welcome', 1], ['TICKET-0002', 'Welcome', 1], ['TICKET-0003', 'Refunded', 0]] as const) await admin('databases/add-value', { id: tickets, value, response, validity });
  const seat = (await admin('questions/create', { text: 'Seat?', type: 'manual' })).id as number;
  const entrance = (await admin('questions/create', { text: 'Which entrance?', type: 'option', answers: ['North gate', 'South gate', 'West gate'] })).id as number;
  const answers = (await admin('questions/get', { id: entrance })).answers as { id: number; text: string }[];
  const gateA = (await admin('services/create', { variables: { validation_method: 'database', database_id: String(tickets), service_name: 'Gate A', duplicate_value: '0' } })).id as number;
  await admin('services/set-questions', { id: gateA, questions: [{ id: seat, condition: 'pre_submit', required: false }] });
  const gate1 = (await admin('appusers/create', { username: 'gate1', password: 'gate-pass-1', serviceIds: [gateA] })).id as number;
  const gate2 = (await admin('appusers/create', { username: 'gate2', password: 'gate-pass-2', serviceIds: [] })).id as number;

  const signIn = await v2(t.app, 'app/signin', { username: 'gate1', password: 'gate-pass-1', udid: 'F3A9C2D1-7B44-4E0A-9C1E-2B5D8E6F0A13', deviceName: 'Front door' });
  if (signIn.status !== 200) throw new Error(`seed app/signin: ${JSON.stringify(signIn.body)}`);
  const upload = await must(signIn.body.token as string, 'app/upload', {
    scans: [
      { serviceId: gateA, value: 'TICKET-0001', clientScanId: '6f1c1b52-0d6e-4a8e-9f44-0a1d3c1e5b01', scannedAt: '2024-05-01T23:02:11.000Z', answers: [{ questionId: seat, values: ['B12'] }], properties: { capture_type: 'camera' } },
      { serviceId: gateA, value: 'TICKET-0002', clientScanId: '6f1c1b52-0d6e-4a8e-9f44-0a1d3c1e5b02', scannedAt: '2024-05-01T23:05:40.000Z', answers: [{ questionId: seat, values: ['C7'] }], properties: { capture_type: 'manual' } },
      { serviceId: gateA, value: 'TICKET-0003', clientScanId: '6f1c1b52-0d6e-4a8e-9f44-0a1d3c1e5b03', scannedAt: '2024-05-01T23:10:02.000Z', properties: { capture_type: 'camera' } },
    ],
  });
  const scanIds = (upload.results as { scanId: number }[]).map((r) => r.scanId);

  const logo = multipart({ params: JSON.stringify({ name: 'Tickets', options: { symbology: 'qrcode' } }) }, [{ field: 'logo', filename: 'acme.png', contentType: 'image/png', data: await makeLogo('png') }]);
  const template = await t.app.inject({ method: 'POST', url: '/api-v2/barcode_template/create/', payload: logo.payload, headers: { ...logo.headers, authorization: `Bearer ${owner.token}` } });
  if (template.statusCode !== 200) throw new Error(`seed barcode_template/create: ${template.body}`);

  Object.assign(objects, {
    tickets: String(tickets),
    entrance: String(entrance),
    westGate: String(answers.find((a) => a.text === 'West gate')!.id),
    gateA: String(gateA),
    gate1: String(gate1),
    gate2: String(gate2),
    frontDoor: String((signIn.body.device as { id: number }).id),
    scan1: String(scanIds[0]),
    scan3: String(scanIds[2]),
    logo: template.json<{ logoFileName: string }>().logoFileName,
  });
}

describe('the sample request of every action', () => {
  beforeAll(async () => {
    t = await createTestApp();
    await seed();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers what samples.generated.ts shows', async () => {
    // limits/retrieve goes first: its minute counter then reads 1 call whatever minute the run starts in
    // (the seed makes no API-key call). The rest run in catalog order, so destructive actions come after
    // the reads that show their objects (and work on objects a create sample made; see `placeholders`).
    const order = [...documented.filter((d) => d.key === 'limits/retrieve'), ...documented.filter((d) => d.key !== 'limits/retrieve')];
    const now: Record<string, LegacySample> = {};
    const failures: string[] = [];
    for (const { key, section, doc } of order) {
      const params = fill(key, doc.sample);
      const res = await send({ section, action: doc.action, ...params }, doc.sampleFile);
      const isXml = /xml/i.test(res.contentType);
      const reply = isXml ? normalise(res.body.toString('utf8')) : binaryNote(res.contentType);
      if (isXml && !/<xml><status>1<\/status>/.test(reply)) failures.push(`${key}: the sample answers an error (a sample must succeed): ${reply}`);
      const id = /^<\?xml[^>]*>\s*<xml><status>1<\/status><id>(\d+)<\/id>/.exec(reply)?.[1];
      if (id !== undefined) objects[`created:${key}`] = id;
      now[key] = { params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, normalise(v)])), reply };
    }
    expect(failures).toEqual([]);

    const ordered = Object.fromEntries(documented.map((d) => [d.key, now[d.key]!]));
    if (updating) {
      writeStored(ordered);
      return;
    }
    const stored = readStored();
    const mismatches: string[] = [];
    for (const { key } of documented) {
      if (JSON.stringify(stored[key]) === JSON.stringify(ordered[key])) continue;
      mismatches.push(`the reply of ${key} no longer matches its documented sample: run \`${UPDATE_COMMAND}\` if the change is intended (- documented, + now)\n${lineDiff(sampleText(stored[key]), sampleText(ordered[key]))}`);
    }
    for (const key of Object.keys(stored)) if (!(key in ordered)) mismatches.push(`samples.generated.ts holds ${key}, which the catalog no longer documents: run \`${UPDATE_COMMAND}\``);
    if (mismatches.length > 0) expect.fail(mismatches.join('\n\n'));
  });
});
