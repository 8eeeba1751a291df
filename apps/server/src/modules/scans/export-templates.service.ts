import { exportColumn, type ExportField, type exportScanInputs, type ExportTemplate, type exportTemplateInput } from '@scanbase/contracts';
import { z } from 'zod';
import { isUniqueViolation } from '../../platform/db/dialect.js';
import { AppError } from '../../platform/errors.js';
import { dateFormatProblem } from './export-dates.js';
import type { ExportTemplateRow, ExportTemplatesRepo } from './export-templates.repo.js';
import { fieldHeaders, type ExportLayout } from './scan-export.js';
import { isTimeZoneName } from './scan-filter.js';
import { searchFilter } from './scan-search.service.js';

type Input = z.output<typeof exportTemplateInput>;

/** What starting an export needs from the tasks module (wired in the container). */
export type ExportRunner = { runInline(accountId: number, type: 'exportscan', inputs: Record<string, unknown>): Promise<number> };

const storedColumns = z.array(exportColumn);

function toTemplate(row: ExportTemplateRow): ExportTemplate {
  return {
    id: row.id,
    name: row.name,
    columns: storedColumns.parse(JSON.parse(row.columns)),
    dateFormat: row.date_format,
    timeZone: row.time_zone,
    rowPer: row.row_per,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path, message }]);
}

/** Export templates: named column layouts (fields, answers, properties) with a date format and zone. */
export class ExportTemplatesService {
  constructor(private readonly deps: { repo: ExportTemplatesRepo; accountZone: (accountId: number) => Promise<string>; runner: ExportRunner }) {}

  async list(accountId: number): Promise<{ items: ExportTemplate[] }> {
    return { items: (await this.deps.repo.list(accountId)).map(toTemplate) };
  }

  async get(accountId: number, id: number): Promise<ExportTemplate> {
    const row = await this.deps.repo.get(accountId, id);
    if (!row) throw new AppError('NOT_FOUND', 'There is no such export template.');
    return toTemplate(row);
  }

  async create(accountId: number, input: Input): Promise<ExportTemplate> {
    await this.check(accountId, input);
    return toTemplate(await this.saving(input.name, () => this.deps.repo.insert(accountId, values(input))));
  }

  async update(accountId: number, input: Input & { id: number }): Promise<ExportTemplate> {
    await this.get(accountId, input.id);
    await this.check(accountId, input, input.id);
    const row = await this.saving(input.name, () => this.deps.repo.update(accountId, input.id, values(input)));
    if (!row) throw new AppError('NOT_FOUND', 'There is no such export template.');
    return toTemplate(row);
  }

  async delete(accountId: number, id: number): Promise<void> {
    if (!(await this.deps.repo.delete(accountId, id))) throw new AppError('NOT_FOUND', 'There is no such export template.');
  }

  /** The columns a template can choose: scan fields, questions of the services, property names seen on their scans. */
  async columnChoices(accountId: number, serviceIds: number[]) {
    const [questions, properties] = await Promise.all([this.deps.repo.questionChoices(accountId, serviceIds), this.deps.repo.propertyNames(accountId, serviceIds)]);
    return {
      fields: (Object.entries(fieldHeaders) as [ExportField, string][]).map(([field, header]) => ({ field, header })),
      questions: questions.map((q) => ({ questionId: q.id, text: q.text })),
      properties,
    };
  }

  /** A template ready to export with ('account' replaced by the account's zone); undefined when it is gone. */
  async layout(accountId: number, id: number): Promise<(ExportLayout & { name: string }) | undefined> {
    const row = await this.deps.repo.get(accountId, id);
    if (!row) return undefined;
    const t = toTemplate(row);
    const timeZone = t.timeZone === 'account' ? await this.deps.accountZone(accountId) : t.timeZone;
    return { name: t.name, columns: t.columns, dateFormat: t.dateFormat, timeZone, rowPer: t.rowPer };
  }

  /** Queues an exportscan run of a search (or of picked scans); a template of another account is NOT_FOUND here, not a failed run. */
  async startExport(accountId: number, input: z.output<typeof exportScanInputs>): Promise<{ jobId: number }> {
    if (input.templateId !== null && !(await this.deps.repo.get(accountId, input.templateId))) {
      throw new AppError('NOT_FOUND', 'There is no such export template.', [{ path: 'templateId', message: 'No such template' }]);
    }
    if (!input.scanIds?.length) {
      // Filters that cannot be read are refused now, on the screen, rather than in a failed run.
      try {
        searchFilter(input.filters, await this.deps.accountZone(accountId));
      } catch (error) {
        if (error instanceof AppError && Array.isArray(error.details)) throw new AppError(error.code, error.message, error.details.map((d) => ({ ...d, path: `filters.${d.path}` })));
        throw error;
      }
    }
    return { jobId: await this.deps.runner.runInline(accountId, 'exportscan', input) };
  }

  private async check(accountId: number, input: Input, exceptId?: number): Promise<void> {
    const problem = dateFormatProblem(input.dateFormat);
    if (problem) throw invalid('dateFormat', problem);
    if (input.timeZone !== 'account' && !isTimeZoneName(input.timeZone)) throw invalid('timeZone', `"${input.timeZone}" is not a time zone; use a name such as Europe/Paris, or account`);
    const asked = input.columns.flatMap((c, i) => (c.kind === 'question' ? [{ c, i }] : []));
    const known = await this.deps.repo.questionIds(accountId, asked.map((q) => q.c.questionId));
    const missing = asked.filter((q) => !known.has(q.c.questionId));
    if (missing.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Column "${missing[0]!.c.header}" uses a question that does not exist.`,
        missing.map(({ c, i }) => ({ path: `columns.${i}.questionId`, message: `Column "${c.header}": question ${c.questionId} does not exist` })),
      );
    }
    const taken = await this.deps.repo.findByName(accountId, input.name);
    if (taken && taken.id !== exceptId) throw nameTaken(input.name);
  }

  /** Runs a write; a unique-index clash (two saves of one name at once) is the same conflict as the check. */
  private async saving<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name);
      throw error;
    }
  }
}

function nameTaken(name: string): AppError {
  return new AppError('CONFLICT', `An export template named "${name}" already exists.`, [{ path: 'name', message: 'This name is taken' }]);
}

function values(input: Input) {
  return { name: input.name, columns: JSON.stringify(input.columns), dateFormat: input.dateFormat, timeZone: input.timeZone, rowPer: input.rowPer };
}
