import Cookies from 'js-cookie';
import { clearSession, readSession, saveSession } from '../../src/providers/session';

describe('session cookies', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps token, user name, level and super flag, and reads them back', () => {
    saveSession({ token: 't', userName: '张三', level: 1, isSuper: true, kind: 'normal' });
    expect(readSession()).toEqual({ token: 't', userName: '张三', level: 1, isSuper: true, kind: 'normal' });
  });

  it('sets every cookie to last 2 days', () => {
    const set = vi.spyOn(Cookies, 'set');
    saveSession({ token: 't', userName: 'u', level: 0, isSuper: false, kind: 'unilateral' });
    expect(set).toHaveBeenCalled();
    for (const [, , options] of set.mock.calls) expect(options).toMatchObject({ expires: 2 });
  });

  it('marks every cookie SameSite=Strict, and Secure when the console is served over https', () => {
    const set = vi.spyOn(Cookies, 'set');
    saveSession({ token: 't', userName: 'u', level: 0, isSuper: false, kind: 'normal' });
    for (const [, , options] of set.mock.calls) expect(options).toMatchObject({ sameSite: 'strict', secure: false });
    set.mockClear();
    vi.stubGlobal('location', { ...window.location, protocol: 'https:' });
    try {
      saveSession({ token: 't', userName: 'u', level: 0, isSuper: false, kind: 'normal' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(set.mock.calls.length).toBeGreaterThan(0);
    for (const [, , options] of set.mock.calls) expect(options).toMatchObject({ sameSite: 'strict', secure: true });
  });

  it('logout clears everything', () => {
    saveSession({ token: 't', userName: 'u', level: 0, isSuper: false, kind: 'normal' });
    clearSession();
    expect(readSession()).toBeNull();
    expect(Cookies.get('userName')).toBeUndefined();
  });
});
