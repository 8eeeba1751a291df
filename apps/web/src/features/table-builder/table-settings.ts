import { tableBuilderSettings, type TableBuilderSettings } from '@scanbase/contracts/table-builder';

/** An instance's settings with the defaults for anything missing (a bad stored value reads as the defaults). */
export function readTableSettings(raw: unknown): TableBuilderSettings {
  const parsed = tableBuilderSettings.safeParse(raw ?? {});
  return parsed.success ? parsed.data : tableBuilderSettings.parse({});
}

/** The columns a person may edit: null when not restricted (every column). */
export function editorColumns(settings: TableBuilderSettings, userId: number): number[] | null {
  return settings.editors.find((e) => e.userId === userId)?.questionIds ?? null;
}

/** The settings with a person's editable columns set (null: every column, which removes the entry). */
export function withEditor(settings: TableBuilderSettings, userId: number, questionIds: number[] | null): TableBuilderSettings {
  const editors = settings.editors.filter((e) => e.userId !== userId);
  return { ...settings, editors: questionIds === null ? editors : [...editors, { userId, questionIds }] };
}
