import { describe, expect, it } from 'vitest';
import { shouldLoadStaticPage, staticPageHref } from './static-page';

const PATH = '/apidocs/examples/csv2db.html';

describe('static example pages', () => {
  it('are loaded from any other document of the app', () => {
    expect(shouldLoadStaticPage(PATH, 'http://scanbase.test/signin')).toBe(true);
    expect(shouldLoadStaticPage(PATH, 'http://scanbase.test/account/databases/?x=1')).toBe(true);
    expect(shouldLoadStaticPage(PATH, undefined)).toBe(true);
  });

  it('are not loaded again when the server answered the app for their own address (no loop)', () => {
    expect(shouldLoadStaticPage(PATH, `http://scanbase.test${PATH}`)).toBe(false);
    expect(shouldLoadStaticPage(PATH, `http://scanbase.test${PATH}?key=1#top`)).toBe(false);
    expect(shouldLoadStaticPage(PATH, `http://scanbase.test${PATH}/`)).toBe(false);
  });

  it('keep the query and the fragment', () => {
    expect(staticPageHref(PATH, { search: '?a=1', hash: '#upload' })).toBe(`${PATH}?a=1#upload`);
    expect(staticPageHref(PATH, { search: '', hash: '' })).toBe(PATH);
  });
});
