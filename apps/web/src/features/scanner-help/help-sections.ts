/** The sections of /app/1.0/more/apphelp, in order; `id` is the deep link (`#camera`). */
export const helpSections = [
  { id: 'sign-in', title: 'Signing in' },
  { id: 'services', title: 'Choosing a service' },
  { id: 'camera', title: 'Scanning with the camera' },
  { id: 'hardware-scanners', title: 'Hardware scanners' },
  { id: 'offline', title: 'Working offline: the sync counter' },
  { id: 'results', title: 'What the colours mean' },
] as const;

export type HelpSectionId = (typeof helpSections)[number]['id'];

const ids = new Map<string, HelpSectionId>(helpSections.map((section) => [section.id, section.id]));

/** The section an address fragment names ("#camera", "camera", "#Camera"), or null. */
export function sectionOfHash(hash: string): HelpSectionId | null {
  let name = hash.replace(/^#/, '');
  try {
    name = decodeURIComponent(name);
  } catch {
    return null;
  }
  return ids.get(name.trim().toLowerCase()) ?? null;
}
