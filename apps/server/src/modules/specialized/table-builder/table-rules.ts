import type { TableBuilderSettings } from '@scanbase/contracts';

/**
 * The columns an app user sees in the scanner: those of the child views that name them (all columns when
 * no view names them), in the table's order.
 */
export function visibleColumns(settings: Pick<TableBuilderSettings, 'views'>, appUserId: number, all: readonly number[]): number[] {
  const views = settings.views.filter((v) => v.userIds.includes(appUserId));
  if (views.length === 0) return [...all];
  const shown = new Set(views.flatMap((v) => v.questionIds));
  return all.filter((q) => shown.has(q));
}

/**
 * The columns an app user may edit: those the Users tab gives them (every column when they are not listed),
 * and only among the columns they see.
 */
export function editableColumns(settings: Pick<TableBuilderSettings, 'views' | 'editors'>, appUserId: number, all: readonly number[]): number[] {
  const editor = settings.editors.find((e) => e.userId === appUserId);
  const allowed = editor ? new Set(editor.questionIds) : undefined;
  return visibleColumns(settings, appUserId, all).filter((q) => !allowed || allowed.has(q));
}
