/*
 * A one-time message for the team list after a dialog closes ("Invitation sent to …"). The dialogs are routes of
 * their own, so the list under them is mounted anew when the address goes back to `/account/admins/`.
 */
let notice: string | null = null;

/** Keeps a message for the next team list shown. */
export function setTeamNotice(text: string): void {
  notice = text;
}

/** The waiting message, if any (read during render). */
export function peekTeamNotice(): string | null {
  return notice;
}

/** Forgets the waiting message once shown. */
export function clearTeamNotice(): void {
  notice = null;
}
