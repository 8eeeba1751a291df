import { parseStoredSettings } from '../services/service-settings.js';
import { csvFile } from '../../platform/csv/csv-file.js';
import { PermanentJobError, type JobHandler } from '../../platform/jobs/job-types.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { ScansRepo } from './scans.repo.js';
import { legacyUtc, statusWord } from './validation-rules.js';

/** The job that mails a service's upload_email a CSV of each upload. */
export const UPLOAD_EMAIL_JOB = 'upload.email';


/**
 * Mails the CSV of one upload: user, device, value, status, response, times and each question's answer;
 * with the `properties` format, one more column per scan property.
 */
export function uploadEmailHandler(deps: { repo: ScansRepo; mailer: Mailer; services: (accountId: number, serviceId: number) => Promise<{ name: string; settings: string } | undefined> }): JobHandler {
  return async (ctx) => {
    const { uploadId, serviceId } = ctx.payload as { uploadId: number; serviceId: number };
    if (ctx.accountId === null) throw new PermanentJobError('An upload email needs an account.');
    const service = await deps.services(ctx.accountId, serviceId);
    const settings = service ? parseStoredSettings(service.settings) : undefined;
    const to = settings?.uploadEmail;
    if (!service || !to) return { summary: 'The service no longer mails uploads.' };
    const withProperties = settings?.uploadEmailFormat === 'properties';
    const scans = await deps.repo.scansOfUpload(ctx.accountId, uploadId);
    const ids = scans.map((s) => s.id);
    const [answers, properties] = await Promise.all([deps.repo.answersOf(ctx.accountId, ids), withProperties ? deps.repo.propertiesOf(ctx.accountId, ids) : Promise.resolve([])]);
    const questions = [...new Map(answers.map((a) => [a.question_id, a.question_text])).entries()];
    const propertyNames = [...new Set(properties.map((p) => p.name))].sort();
    const header = ['Scan ID', 'User', 'Device', 'Barcode', 'Status', 'Response', 'Timestamp Scanned (UTC)', 'Timestamp Received (UTC)', ...questions.map(([, text]) => text), ...propertyNames];
    const rows = scans.map((s) => [
      s.id, s.user_name ?? '', s.device_name ?? '', s.value, statusWord(s.status), s.response, legacyUtc(s.scanned_at), legacyUtc(s.received_at),
      ...questions.map(([qid]) => answers.filter((a) => a.scan_id === s.id && a.question_id === qid).map((a) => a.answer).join('|^|')),
      ...propertyNames.map((name) => properties.find((p) => p.scan_id === s.id && p.name === name)?.value ?? ''),
    ]);
    const file = `upload-${uploadId}.csv`;
    await deps.mailer.send({
      to,
      subject: `Scanbase: ${scans.length} scan${scans.length === 1 ? '' : 's'} uploaded to ${service.name}`,
      text: `${scans.length} scan${scans.length === 1 ? '' : 's'} arrived in upload ${uploadId} of the service "${service.name}". They are attached as ${file}.\n\n— Scanbase`,
      attachments: [{ filename: file, content: csvFile(header, rows), contentType: 'text/csv; charset=utf-8' }],
    });
    return { summary: `Mailed ${scans.length} scans of upload ${uploadId} to ${to}.` };
  };
}
