import { tableBuilderSettings, type TableBuilderSettings } from '@scanbase/contracts';
import { defineSpecializedType, type TypeVerdict } from '../specialized-type.js';
import { TableBuilderRepo } from '../table-builder/table-builder.repo.js';
import { editableColumns } from '../table-builder/table-rules.js';

/** The live topic of a table-builder instance (id: the instance id), published after a row changes. */
export const TABLE_TOPIC = 'table';

/** The longest key value a row takes (characters): longer scans are stored as scans but make no row. */
export const TABLE_KEY_MAX = 1_000;

/**
 * Table builder (issue 14): a service that records every scan; a valid scan upserts the row of its value and
 * writes the answers it carries into the row's cells, for the columns the app user may edit (Users tab,
 * child views), each change kept with who and when — in the scan's transaction.
 */
export const tableBuilderType = defineSpecializedType<TableBuilderSettings>({
  type: 'table-builder',
  settings: tableBuilderSettings,
  database: 'none',
  serviceVariables: (): Record<string, string> => ({ validation_method: 'record', duplicate_value: '1' }),
  scannerOptions: (s) => ({ keyLabel: s.keyLabel }),
  async judge(ctx): Promise<TypeVerdict> {
    if (ctx.base.status !== 1) return ctx.base;
    if (ctx.value.length > TABLE_KEY_MAX) return { ...ctx.base, status: 0, response: `Not added to the table: a key has at most ${TABLE_KEY_MAX} characters.` };
    const repo = new TableBuilderRepo(ctx.db, ctx.dialect);
    const existing = await repo.rowByValue(ctx.accountId, ctx.service.id, ctx.value);
    const by = ctx.caller.username;
    return {
      ...ctx.base,
      response: existing ? 'Row updated.' : 'New row added.',
      topics: [TABLE_TOPIC],
      afterInsert: async (scanId) => {
        const rowId = await repo.upsertRow(ctx.accountId, ctx.service.id, ctx.value, ctx.scannedAt, by);
        const answers = await repo.scanAnswers(ctx.accountId, scanId);
        if (answers.size === 0) return;
        const columns = (await repo.columns(ctx.accountId, ctx.service.id)).map((c) => c.questionId);
        const editable = new Set(editableColumns(ctx.settings, ctx.caller.appUserId, columns));
        for (const [questionId, value] of answers) {
          if (editable.has(questionId)) await repo.setCell(ctx.accountId, ctx.service.id, rowId, questionId, value, by, 'scan', scanId, ctx.scannedAt);
        }
      },
    };
  },
});
