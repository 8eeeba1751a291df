import type { TaskType, TaskTypeInfo } from '@scanbase/contracts';
import type { z } from 'zod';
import type { Readable } from 'node:stream';
import type { JobContext, JobFile, JobResult } from '../../platform/jobs/job-types.js';

/** What a task handler receives: the job context plus the task's validated inputs and a place for its file. */
export type TaskContext = JobContext & {
  accountId: number;
  taskId: number | null;
  inputs: Record<string, unknown>;
  /** Stores the run's file (export, label sheet); the progress page offers it for download. */
  saveFile(name: string, contentType: string, data: Buffer): Promise<JobResult['file']>;
  /** Stores the run's file from a stream (large exports never sit in memory). */
  saveStream(name: string, contentType: string, source: Readable | AsyncIterable<Buffer | string>): Promise<JobFile>;
  /** Opens a source file of this account uploaded with `tasks/upload-source`; fails the run for good when it is gone. */
  openFile(fileId: string): Promise<{ stream: Readable; size: number }>;
  /** Keeps a copy of a stream for this run, to read it more than once (a URL source of an all-or-nothing import). */
  spool(source: Readable): Promise<{ size: number; open(): Promise<Readable>; remove(): Promise<void> }>;
  /** Starts the run's CSV file, written row by row; `finish()` answers it for the result. */
  csvFile(name: string, header: string[]): { write(cells: unknown[]): Promise<void>; finish(): Promise<JobFile>; abort(): void };
};

export type TaskHandler = {
  inputs: z.ZodType<Record<string, unknown>>;
  /** Checks validated inputs against the account's data when a task is saved (throws an AppError naming the field). */
  check?(accountId: number, inputs: Record<string, unknown>): Promise<void>;
  run(ctx: TaskContext): Promise<JobResult | undefined>;
};

type Entry = { label: string; description: string; editable: boolean; waitsFor: string };

// What each type does, and which part of Scanbase its data comes from (until that part exists,
// the type is listed with the reason and cannot be created).
const ENTRIES: Record<TaskType, Entry> = {
  downloaddatabase: { label: 'Download a database', description: 'Export the values of a validation database to CSV or Excel.', editable: true, waitsFor: 'databases' },
  downloadscan: { label: 'Download scans', description: 'Export scans matching filters to CSV or Excel.', editable: true, waitsFor: 'scans' },
  generatebarcode: { label: 'Generate barcodes', description: 'Make a PDF label sheet of barcodes from a list of values or a numeric range.', editable: true, waitsFor: 'barcodes' },
  exportscan: { label: 'Export scans with a template', description: 'Export scans in the layout of an export template.', editable: true, waitsFor: 'export templates' },
  clearDatabase: { label: 'Clear a database', description: 'Remove every value from a validation database (for example nightly, before a fresh import).', editable: true, waitsFor: 'databases' },
  importdatabase: { label: 'Import into a database', description: 'Load values from a CSV or XLSX file (uploaded, or fetched from a URL at each run) into a validation database: all or nothing, or skipping and reporting bad rows.', editable: true, waitsFor: 'databases' },
  bulkscanremoval: { label: 'Remove scans in bulk', description: 'Delete scans matching filters (for example older than 90 days).', editable: true, waitsFor: 'scans' },
  importuser: { label: 'Import app users', description: 'Create app users (username, password, device limit, services) from a CSV or XLSX file, uploaded or fetched from a URL; email usernames get an invitation.', editable: true, waitsFor: 'app users' },
  postback: { label: 'Send scans to a URL', description: 'Post scans to your server on a schedule (periodic postback).', editable: true, waitsFor: 'scans' },
  downloadcheckinout: { label: 'Download check-in/out', description: 'Export the roster (every value in or out) or the movements of a period of a check-in/out service to CSV or Excel.', editable: true, waitsFor: 'check-in/out services' },
  downloaddevices: { label: 'Download devices', description: 'Export the list of devices to CSV.', editable: true, waitsFor: 'devices' },
  importcheckinoutscans: { label: 'Import check-in/out scans', description: 'Load check-in/out movements (value, direction, time, user, reason) from a CSV file into a check-in/out service: all or nothing.', editable: true, waitsFor: 'check-in/out services' },
  importtablebuilderscans: { label: 'Import table-builder scans', description: 'Load scans (value, time, user, answers) from a CSV or XLSX file into a table-builder service, updating its rows: all or nothing.', editable: true, waitsFor: 'table-builder services' },
  exportuser: { label: 'Export app users', description: 'Export app users and their service permissions to CSV.', editable: false, waitsFor: 'app users' },
  importtable: { label: 'Import a table', description: 'Load rows (key, then answers by column) from a CSV or XLSX file into a table-builder table: all or nothing.', editable: false, waitsFor: 'table-builder services' },
};

/** Task types, their descriptions, and the handlers modules have registered for them. */
export class TaskCatalogue {
  private readonly handlers = new Map<TaskType, TaskHandler>();

  /** A module that owns a task type's data registers its handler here. */
  register(type: TaskType, handler: TaskHandler): void {
    this.handlers.set(type, handler);
  }

  handler(type: string): TaskHandler | undefined {
    return this.handlers.get(type as TaskType);
  }

  list(): TaskTypeInfo[] {
    return (Object.keys(ENTRIES) as TaskType[]).map((type) => {
      const e = ENTRIES[type];
      const available = this.handlers.has(type);
      return { type, label: e.label, description: e.description, editable: e.editable, available, unavailableReason: available ? null : `Runs once Scanbase has ${e.waitsFor}; that part is not built yet.` };
    });
  }

  types(): TaskType[] {
    return [...this.handlers.keys()];
  }
}
