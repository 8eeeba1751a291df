import type { LegacySectionDoc } from '../types.js';

const userReply =
  'one `<user id="N">` with `<username>`, one empty `<service id="N"/>` per service the user may use, `<limit>` (the device limit; 0 means unlimited) and `<created>` (`YYYY-MM-DD HH:MM:SS`, America/New_York)';

/** The `users` section: app users, the people who scan. */
export const usersSection: LegacySectionDoc = {
  section: 'users',
  title: 'App users',
  summary: 'App users are the people who sign in to the scanning app. Each account also has an app user for its owner, which signs in with the owner\'s credentials and cannot be changed here.',
  actions: [
    {
      action: 'retrieve',
      summary: 'Lists app users with the services they may use, their device limit and when they were created.',
      details: `The reply holds \`<count>\`, then ${userReply}, in id order. Deleted users are not listed.`,
      readOnly: true,
      params: [{ name: 'user_id', type: 'id-list', required: false, default: 'all', description: 'The users to list: one id, a comma-separated list (spaces allowed), or `all`. An unknown id answers 201.' }],
      errors: [201, 300],
      sample: { user_id: '{user_id}' },
    },
    {
      action: 'create',
      summary: 'Creates an app user and answers its id in `<id>`.',
      details: 'When the username is an email address, the user gets an invitation email with a link to choose a password, and `password` is ignored.\n\nUsernames are unique across the whole Scanbase installation, not only the account (the app signs in with the username alone): a name another account holds also answers 320. After 30 such answers in an hour, the account gets 111 instead until the hour has passed.',
      readOnly: false,
      params: [
        { name: 'username', type: 'text', required: true, description: '2 to 64 letters, digits, dots, dashes, underscores or plus signs (error 340), or an email address (error 330 when it is not a valid one). Missing: 342; taken: 320.' },
        { name: 'password', type: 'text', required: 'Unless the username is an email address.', description: '4 to 200 characters (310 otherwise; 341 when missing).' },
        { name: 'limit', type: 'integer', required: false, default: '0', description: 'How many devices the user may sign in on; 0 or empty means unlimited. A whole number, 310 otherwise.' },
      ],
      errors: [111, 310, 320, 330, 340, 341, 342],
      sample: { username: 'gate3', password: 'north-entrance-7', limit: '2' },
    },
    {
      action: 'update',
      summary: 'Changes the username, password or device limit of one app user; what is left out stays.',
      details: 'An empty `username` or `password` is ignored; an empty `limit` makes the limit unlimited. The owner\'s app user cannot be changed (343). A new password also cancels a pending invitation.',
      readOnly: false,
      params: [
        { name: 'user_id', type: 'id', required: true, description: 'The user to change: exactly one id (missing: 132; a list, `all` or not a number: 300; unknown: 201).' },
        { name: 'username', type: 'text', required: false, description: 'A new username, with the rules of `create`.' },
        { name: 'password', type: 'text', required: false, description: 'A new password, 4 to 200 characters.' },
        { name: 'limit', type: 'integer', required: false, description: 'A new device limit; 0 or empty means unlimited.' },
      ],
      errors: [132, 201, 300, 310, 320, 330, 340, 343],
      sample: { user_id: '{user_id}', limit: '3' },
    },
    {
      action: 'delete',
      summary: 'Deletes app users; their scans are kept.',
      details: 'Naming the owner\'s app user answers 343 and deletes nothing; `all` deletes every app user except the owner\'s.',
      readOnly: false,
      params: [{ name: 'user_id', type: 'id-list', required: true, description: 'One id, a comma-separated list, or `all`. An unknown id answers 201 and deletes nothing.' }],
      errors: [132, 201, 300, 343],
      sample: { user_id: '{user_id}' },
    },
    {
      action: 'validate',
      summary: 'Checks an app user\'s username and password and, when they match, answers the user as `retrieve` does.',
      details: `On success the reply holds \`<count>1</count>\` and ${userReply}. Wrong credentials answer 300.\n\nNot read-only: after 10 wrong passwords for one username within 15 minutes, every attempt for it answers 111, even with the right password, until the 15 minutes have passed.`,
      readOnly: false,
      params: [
        { name: 'username', type: 'text', required: true, description: 'The username (not case-sensitive). Missing: 342.' },
        { name: 'password', type: 'text', required: true, description: 'The password. Missing: 341.' },
      ],
      errors: [111, 300, 341, 342],
      sample: { username: 'gate1', password: 'gate-pass-1' },
    },
    {
      action: 'available',
      summary: 'Tells whether the account already has an app user with this username: status 1 when it does not, error 320 when it does.',
      details: 'Only the calling account is looked at, so a name held by another account is reported as available, yet `create` refuses it with 320.',
      readOnly: true,
      params: [{ name: 'username', type: 'text', required: true, description: 'The username to look up (not case-sensitive). Missing: 342.' }],
      errors: [320, 342],
      sample: { username: 'gate4' },
    },
  ],
};
