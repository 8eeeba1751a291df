import type { LegacySectionDoc } from '@scanbase/contracts/legacy-docs/types';
import { docsHref, isScannerPath, overviewAnchors } from './docs-pages';
import { v2SectionHref, type OpenApiDocument } from './v2-sections';

/** One thing the documentation search can find. */
export type SearchEntry = { title: string; context: string; href: string; text: string };

/** The entries of the overview and every legacy section and action (with their variables). */
export function legacyEntries(catalog: readonly LegacySectionDoc[]): SearchEntry[] {
  const entries: SearchEntry[] = overviewAnchors.map(([id, title]) => ({ title, context: 'Overview', href: docsHref('', id), text: title }));
  for (const section of catalog) {
    entries.push({ title: section.title, context: `Legacy API · ${section.section}`, href: docsHref(section.section), text: `${section.section} ${section.title} ${section.summary}` });
    for (const action of section.actions) {
      entries.push({
        title: `${section.section}/${action.action}`,
        context: action.summary.replace(/`/g, ''),
        href: docsHref(section.section, action.action),
        text: `${section.section} ${action.action} ${action.summary} ${action.params.map((p) => p.name).join(' ')}`,
      });
    }
  }
  return entries;
}

/** The entries of the V2 API's operations, from its OpenAPI document; scanner routes link to the scanner page, others to their section. */
export function v2Entries(document: OpenApiDocument): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const operation of Object.values(methods)) {
      if (!operation.operationId) continue;
      const tag = operation.tags?.[0] ?? 'other';
      const anchor = `tag/${tag}/operation/${operation.operationId}`;
      entries.push({
        title: path,
        context: operation.summary ?? 'V2 JSON API',
        href: isScannerPath(path) ? docsHref('scanner', anchor) : v2SectionHref(tag, anchor),
        text: `${path} ${operation.summary ?? ''}`,
      });
    }
  }
  return entries;
}

/** The entries matching every word of the query, best first: title matches before text matches, then shorter titles. */
export function searchDocs(entries: readonly SearchEntry[], query: string, limit = 12): SearchEntry[] {
  const whole = query.trim().toLowerCase();
  const words = whole.split(/[\s/]+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored: { entry: SearchEntry; score: number }[] = [];
  for (const entry of entries) {
    const title = entry.title.toLowerCase();
    const text = `${title} ${entry.text.toLowerCase()}`;
    if (!words.every((w) => text.includes(w))) continue;
    // The query as typed inside the title (`databases/list` in `/api-v2/databases/list/`) beats words found apart.
    let score = title.includes(whole) ? 5 : 0;
    for (const w of words) {
      if (title === w || title.endsWith(`/${w}`)) score += 4;
      else if (title.includes(w)) score += 2;
      else score += 1;
    }
    scored.push({ entry, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.entry.title.length - b.entry.title.length)
    .slice(0, limit)
    .map((s) => s.entry);
}
