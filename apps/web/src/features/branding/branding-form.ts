import { brandingLimits, colorContrast, colorProblem, contrastWarning, normalizeColor, opaqueHex, defaultBranding, type BrandingSettings, type PublicBranding } from '@scanbase/contracts/branding';

/** What the customize form edits (the logo is uploaded on its own). */
export type BrandingForm = { appName: string; primaryColor: string; secondaryColor: string; welcomeText: string; footerText: string };
export type BrandingField = keyof BrandingForm;
export const brandingFields: readonly BrandingField[] = ['appName', 'primaryColor', 'secondaryColor', 'welcomeText', 'footerText'];

export function formFromBranding(b: BrandingSettings): BrandingForm {
  return { appName: b.appName, primaryColor: b.primaryColor, secondaryColor: b.secondaryColor, welcomeText: b.welcomeText, footerText: b.footerText };
}

/** The fields that differ from what is stored (colours compared by value: #ABC equals #aabbcc). */
export function brandingChanges(form: BrandingForm, stored: BrandingSettings): Partial<BrandingForm> {
  const changes: Partial<BrandingForm> = {};
  for (const key of brandingFields) {
    const same = key === 'primaryColor' || key === 'secondaryColor' ? (normalizeColor(form[key]) ?? form[key].trim()) === stored[key] : form[key].trim() === stored[key];
    if (!same) changes[key] = form[key];
  }
  return changes;
}

/** Problems that stop a save, by field (the server checks the same). */
export function brandingProblems(form: BrandingForm): Partial<Record<BrandingField, string>> {
  const problems: Partial<Record<BrandingField, string>> = {};
  if (form.appName.trim().length > brandingLimits.appName) problems.appName = `At most ${brandingLimits.appName} characters.`;
  for (const key of ['primaryColor', 'secondaryColor'] as const) {
    const problem = colorProblem(form[key]);
    if (problem) problems[key] = problem;
  }
  if (form.welcomeText.length > brandingLimits.welcomeText) problems.welcomeText = `At most ${brandingLimits.welcomeText} characters.`;
  if (form.footerText.length > brandingLimits.footerText) problems.footerText = `At most ${brandingLimits.footerText} characters.`;
  return problems;
}

/** Contrast warnings of the form's colours (a save still goes through). */
export function brandingWarnings(form: BrandingForm): Partial<Record<'primaryColor' | 'secondaryColor', string>> {
  const out: Partial<Record<'primaryColor' | 'secondaryColor', string>> = {};
  for (const key of ['primaryColor', 'secondaryColor'] as const) {
    const warning = contrastWarning(form[key]);
    if (warning) out[key] = warning;
  }
  return out;
}

/** The branding as the preview shows it while typing: invalid colours fall back to the stored ones. */
export function previewBranding(form: BrandingForm, stored: PublicBranding): PublicBranding {
  const colour = (value: string, fallback: string) => (normalizeColor(value) ? value.trim() : fallback);
  const primaryColor = colour(form.primaryColor, stored.primaryColor);
  const secondaryColor = colour(form.secondaryColor, stored.secondaryColor);
  return {
    appName: form.appName.trim() || defaultBranding.appName,
    primaryColor,
    primaryTextColor: colorContrast(primaryColor)?.textColor ?? '#ffffff',
    secondaryColor,
    secondaryTextColor: colorContrast(secondaryColor)?.textColor ?? '#ffffff',
    welcomeText: form.welcomeText.trim(),
    footerText: form.footerText.trim(),
    logoUrl: stored.logoUrl,
  };
}

/** A colour for the native colour picker (#rrggbb only): the value as it shows on white, or black while it is invalid. */
export function pickerValue(value: string): string {
  return opaqueHex(value) ?? '#000000';
}
