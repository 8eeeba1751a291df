import { commonSymbologies, generateLabels, labelLayouts, MAX_LABELS, type LabelLayoutName } from '@scanbase/contracts/barcodes';
import type { z } from 'zod';
import { zodIssues, type Issue } from '../../ui/form-issues';

/** Sheet layouts as people know them (measurements in docs/BARCODES.md). */
export const layoutLabels: Record<LabelLayoutName, string> = {
  'avery-l7160': 'Avery L7160 · A4, 21 labels (3 × 7), 63.5 × 38.1 mm',
  'avery-l7159': 'Avery L7159 · A4, 24 labels (3 × 8), 63.5 × 33.9 mm',
  'avery-l7163': 'Avery L7163 · A4, 14 labels (2 × 7), 99.1 × 38.1 mm',
  'avery-5160': 'Avery 5160 · US Letter, 30 labels (3 × 10), 2⅝ × 1 in',
  'avery-5163': 'Avery 5163 · US Letter, 10 labels (2 × 5), 4 × 2 in',
  'thermal-4x6': 'Thermal 4 × 6 in · one label per page',
  'thermal-2x1': 'Thermal 2 × 1 in · one label per page',
  'thermal-62x29': 'Thermal 62 × 29 mm (Brother DK-11209) · one per page',
};

/** Short names for the selected layout (the menu shows the full line). */
export const layoutShortLabels: Record<LabelLayoutName, string> = {
  'avery-l7160': 'Avery L7160 (A4, 21 per sheet)',
  'avery-l7159': 'Avery L7159 (A4, 24 per sheet)',
  'avery-l7163': 'Avery L7163 (A4, 14 per sheet)',
  'avery-5160': 'Avery 5160 (Letter, 30 per sheet)',
  'avery-5163': 'Avery 5163 (Letter, 10 per sheet)',
  'thermal-4x6': 'Thermal 4 × 6 in',
  'thermal-2x1': 'Thermal 2 × 1 in',
  'thermal-62x29': 'Thermal 62 × 29 mm',
};

export { commonSymbologies, labelLayouts };

/** The label-sheet inputs as the form holds them (numbers stay text until they are checked). */
export type LabelFormValues = {
  source: 'values' | 'range';
  values: string;
  prefix: string;
  start: string;
  end: string;
  padding: string;
  suffix: string;
  layout: LabelLayoutName;
  symbology: string;
  showValue: boolean;
  copies: string;
  skip: string;
};

export type LabelsBody = z.output<typeof generateLabels.body>;

/** The form's starting point: a QR list on the most common A4 sheet. */
export const defaultLabelForm: LabelFormValues = {
  source: 'values',
  values: '',
  prefix: '',
  start: '1',
  end: '100',
  padding: '0',
  suffix: '',
  layout: 'avery-l7160',
  symbology: 'qrcode',
  showValue: true,
  copies: '1',
  skip: '0',
};

/** Field keys of the label inputs, as the schema's paths name them. */
export const labelFieldKeys = ['values', 'range.prefix', 'range.start', 'range.end', 'range.padding', 'range.suffix', 'range', 'layout', 'symbology', 'copies', 'skip', 'showValue'] as const;

const num = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

/** The lines of the values box that hold a value (blank lines are ignored, spaces at the ends trimmed). */
export function valueLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The request body the form describes, before validation. */
export function labelBodyFromForm(form: LabelFormValues): Record<string, unknown> {
  const common = { layout: form.layout, symbology: form.symbology.trim(), showValue: form.showValue, copies: num(form.copies), skip: num(form.skip) };
  if (form.source === 'values') return { ...common, values: valueLines(form.values) };
  return { ...common, range: { prefix: form.prefix, suffix: form.suffix, start: num(form.start), end: num(form.end), padding: num(form.padding) } };
}

/** The first value a sheet would print (for the preview), or null when there is none yet. */
export function firstLabelValue(form: LabelFormValues): string | null {
  if (form.source === 'values') return valueLines(form.values)[0] ?? null;
  const start = num(form.start);
  const padding = num(form.padding) ?? 0;
  if (start === undefined || !Number.isInteger(start) || start < 0 || !Number.isInteger(padding) || padding < 0 || padding > 18) return null;
  return `${form.prefix}${String(start).padStart(padding, '0')}${form.suffix}`;
}

/** The first and last value of a range as they will be printed, or null while the range is incomplete. */
export function rangeEnds(form: LabelFormValues): { first: string; last: string } | null {
  const start = num(form.start);
  const end = num(form.end);
  const padding = num(form.padding) ?? 0;
  if (start === undefined || end === undefined || !Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || !Number.isInteger(padding) || padding < 0 || padding > 18) return null;
  const label = (n: number) => `${form.prefix}${String(n).padStart(padding, '0')}${form.suffix}`;
  return { first: label(start), last: label(end) };
}

/** How many labels the form asks for (values × copies, or the range), or null when it cannot tell yet. */
export function labelCount(form: LabelFormValues): number | null {
  const copies = num(form.copies) ?? 1;
  if (form.source === 'values') return valueLines(form.values).length * copies;
  const start = num(form.start);
  const end = num(form.end);
  if (start === undefined || end === undefined || !Number.isFinite(start) || !Number.isFinite(end) || end < start) return null;
  return (Math.floor(end - start) + 1) * copies;
}

/**
 * Checks the form with the server's own schema (`barcode/labels`), plus the two rules the schema
 * leaves to the server (a range that ends before it starts, the 10,000-label limit).
 */
export function checkLabelForm(form: LabelFormValues): { body: LabelsBody; issues: [] } | { body: null; issues: Issue[] } {
  const raw = labelBodyFromForm(form);
  const parsed = generateLabels.body.safeParse(raw);
  const issues: Issue[] = parsed.success ? [] : zodIssues(parsed.error.issues);
  if (form.source === 'values' && valueLines(form.values).length === 0) {
    issues.push({ path: 'values', message: 'Enter at least one value, one per line' });
  }
  const start = num(form.start);
  const end = num(form.end);
  if (form.source === 'range' && start !== undefined && end !== undefined && end < start) {
    issues.push({ path: 'range.end', message: 'The range ends before it starts' });
  }
  const count = labelCount(form);
  if (count !== null && count > MAX_LABELS) {
    issues.push({ path: form.source === 'values' ? 'values' : 'range', message: `At most ${MAX_LABELS.toLocaleString('en-US')} labels per sheet; this asks for ${count.toLocaleString('en-US')}` });
  }
  if (!parsed.success || issues.length > 0) return { body: null, issues };
  return { body: parsed.data, issues: [] };
}

/** Form values from stored task inputs (edit screen, or a sheet handed over from the label screen). */
export function labelFormFromInputs(inputs: Record<string, unknown>): LabelFormValues {
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback);
  const range = typeof inputs.range === 'object' && inputs.range !== null ? (inputs.range as Record<string, unknown>) : null;
  const layout = (labelLayouts as readonly string[]).includes(String(inputs.layout)) ? (inputs.layout as LabelLayoutName) : defaultLabelForm.layout;
  return {
    source: range ? 'range' : 'values',
    values: Array.isArray(inputs.values) ? inputs.values.map(String).join('\n') : '',
    prefix: text(range?.prefix, ''),
    start: text(range?.start, defaultLabelForm.start),
    end: text(range?.end, defaultLabelForm.end),
    padding: text(range?.padding, '0'),
    suffix: text(range?.suffix, ''),
    layout,
    symbology: text(inputs.symbology, 'qrcode'),
    showValue: typeof inputs.showValue === 'boolean' ? inputs.showValue : true,
    copies: text(inputs.copies, '1'),
    skip: text(inputs.skip, '0'),
  };
}

const PREFILL_KEY = 'scanbase.labelSheetForTask';

/** Keeps a label form for the generatebarcode create screen ("Schedule as a task"); survives a reload of that screen. */
export function storeLabelPrefill(form: LabelFormValues): void {
  try {
    sessionStorage.setItem(PREFILL_KEY, JSON.stringify(form));
  } catch {
    // Without storage the create screen starts from the defaults.
  }
}

/** The label form handed over by the label screen, if any. */
export function readLabelPrefill(): LabelFormValues | null {
  try {
    const text = sessionStorage.getItem(PREFILL_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    return { ...defaultLabelForm, ...(parsed as Partial<LabelFormValues>) };
  } catch {
    return null;
  }
}
