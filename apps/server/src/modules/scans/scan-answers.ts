import { randomUUID } from 'node:crypto';
import { AppError } from '../../platform/errors.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import type { NewAnswer, ServiceQuestionInfo } from './scans.repo.js';

type Answer = { questionId: number; values: string[]; image?: string | undefined };

const IMAGE_SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ['png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['jpg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
];

/** The bytes and extension of an image data URL, when its content really is a PNG, JPEG or WebP. */
export function decodeImage(dataUrl: string): { data: Buffer; ext: string } | undefined {
  const comma = dataUrl.indexOf(',');
  if (comma < 0) return undefined;
  const data = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  const kind = IMAGE_SIGNATURES.find(([, test]) => test(data));
  return kind ? { data, ext: kind[0] } : undefined;
}

function invalid(index: number, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path: `answers.${index}`, message }]);
}

/**
 * Checks answers against the service's questions by type (choices, numbers, locations, images) and stores
 * images. `strict` (online scans) refuses bad answers; uploads of offline scans keep what they can, since
 * the scan happened and nothing may be lost.
 */
export async function prepareAnswers(
  accountId: number,
  answers: Answer[],
  questions: ServiceQuestionInfo[],
  choices: { question_id: number; text: string }[],
  storage: BlobStorage,
  strict: boolean,
): Promise<NewAnswer[]> {
  const out: NewAnswer[] = [];
  for (const [index, a] of answers.entries()) {
    const q = questions.find((x) => x.question_id === a.questionId);
    if (!q) {
      if (strict) throw invalid(index, `Question ${a.questionId} is not asked by this service.`);
      continue;
    }
    const values = a.values.map((v) => v.trim()).filter((v) => v !== '');
    const allowed = choices.filter((c) => c.question_id === q.question_id).map((c) => c.text);
    const bad = (message: string) => {
      if (strict) throw invalid(index, `"${q.text}": ${message}`);
    };
    if (q.type === 'dropboximage' || q.type === 'datasignature') {
      if (!a.image) continue;
      const image = decodeImage(a.image);
      if (!image) {
        bad('the image must be a PNG, JPEG or WebP picture.');
        continue;
      }
      const name = `${q.type === 'datasignature' ? 'signature' : 'photo'}-${q.question_id}.${image.ext}`;
      const key = `accounts/${accountId}/scan-files/${randomUUID()}.${image.ext}`;
      await storage.put(key, image.data, image.ext === 'jpg' ? 'image/jpeg' : `image/${image.ext}`);
      out.push({ questionId: q.question_id, questionText: q.text, position: 0, answer: name, fileKey: key });
      continue;
    }
    if (values.length === 0) continue;
    if ((q.type === 'option' || q.type === 'dropdown') && values.length > 1) bad('pick one answer.');
    if ((q.type === 'option' || q.type === 'dropdown' || q.type === 'checkbox') && allowed.length > 0) {
      const unknown = values.find((v) => !allowed.includes(v));
      if (unknown !== undefined) bad(`"${unknown}" is not one of the answers (${allowed.join(', ')}).`);
    }
    if (q.type === 'manualnumeric' && values.some((v) => !/^-?\d+([.,]\d+)?$/.test(v))) bad('enter a number.');
    if (q.type === 'gps' && values.some((v) => !isLocation(v))) bad('a location is "latitude,longitude".');
    values.forEach((v, position) => out.push({ questionId: q.question_id, questionText: q.text, position, answer: v, fileKey: null }));
  }
  return out;
}

function isLocation(v: string): boolean {
  const parts = v.split(',').map((p) => Number(p.trim()));
  const [lat, lng] = parts;
  return parts.length >= 2 && parts.length <= 3 && parts.every(Number.isFinite) && lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** Questions that must be answered before submitting (shared_submit and pre_submit) and are not. */
export function missingRequired(questions: ServiceQuestionInfo[], answers: NewAnswer[], conditions: readonly string[]): ServiceQuestionInfo[] {
  return questions.filter((q) => q.required === 1 && conditions.includes(q.condition) && !answers.some((a) => a.questionId === q.question_id));
}

/** The questions to ask once the result is known: post_submit, then valid_scan or invalid_scan. */
export function followUpQuestions(questions: ServiceQuestionInfo[], status: number): number[] {
  const after = ['post_submit', ...(status === 1 ? ['valid_scan'] : status === 0 ? ['invalid_scan'] : [])];
  return questions.filter((q) => after.includes(q.condition)).map((q) => q.question_id);
}
