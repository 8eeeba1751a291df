import { describe, expect, it } from 'vitest';
import { kindFromPath, returnBody } from './oauth-return';

describe('file-storage return pages', () => {
  it('knows the provider from the path', () => {
    expect(kindFromPath('/account/integrations/file-storage/google-drive/return/')).toBe('google_drive');
    expect(kindFromPath('/account/integrations/file-storage/dropbox/return/')).toBe('dropbox');
    expect(kindFromPath('/account/integrations/file-storage/onedrive/return')).toBe('onedrive');
    expect(kindFromPath('/account/integrations/file-storage/box/return/')).toBeUndefined();
  });

  it('passes on code, state, error and error_description, and nothing when none came', () => {
    expect(returnBody({ code: 'c', state: 's' })).toEqual({ code: 'c', state: 's' });
    expect(returnBody({ state: 's', error: 'access_denied', error_description: 'No thanks' })).toEqual({ state: 's', error: 'access_denied', errorDescription: 'No thanks' });
    expect(returnBody({})).toBeUndefined();
  });
});
