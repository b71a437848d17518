import { Profile } from './profile';
import { Session, StorageLike } from './session';

class MemoryStorage implements StorageLike {
  private values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  keys() {
    return [...this.values.keys()].sort();
  }
}

const profile = { id: 'u1', name: 'Anna', permissions: ['users.view'] } as unknown as Profile;

describe('session (docs/product.md §4)', () => {
  let storage: MemoryStorage;
  let session: Session;
  beforeEach(() => {
    storage = new MemoryStorage();
    session = new Session(storage);
  });

  it('starts signed out', () => {
    expect(session.snapshot()).toMatchObject({ stage: 'signed-out', token: null, permissions: [] });
  });

  it('keeps the temporary token while the code is pending', () => {
    session.startMfa('tmp');
    expect(session.snapshot()).toMatchObject({ stage: 'mfa', temporaryToken: 'tmp', token: null });
  });

  it('stores the token under `token` and waits for the privacy policy before signing in', () => {
    session.startMfa('tmp');
    session.receiveToken('t1');
    expect(storage.getItem('token')).toBe('t1');
    expect(storage.getItem('temporary_token')).toBeNull();
    expect(session.snapshot().stage).toBe('privacy');
    session.signIn(profile);
    expect(session.snapshot()).toMatchObject({ stage: 'signed-in', permissions: ['users.view'] });
    expect(storage.getItem('logged_in')).toBe('true');
    expect(JSON.parse(storage.getItem('profile') ?? '')).toMatchObject({ name: 'Anna' });
  });

  it('persists across reloads', () => {
    session.receiveToken('t1');
    session.signIn(profile);
    expect(new Session(storage).snapshot()).toMatchObject({ stage: 'signed-in', token: 't1' });
  });

  it('goes back to the privacy step when the API asks for it', () => {
    session.receiveToken('t1');
    session.signIn(profile);
    session.requirePrivacy();
    expect(session.snapshot().stage).toBe('privacy');
  });

  it('clears local storage but keeps the language and the organization', () => {
    storage.setItem('locale', 'de');
    storage.setItem('organization', 'acme');
    storage.setItem('RaStore.sidebar.open', 'true');
    session.receiveToken('t1');
    session.signIn(profile);
    session.clear();
    expect(storage.keys()).toEqual(['locale', 'organization']);
    expect(session.snapshot()).toMatchObject({ stage: 'signed-out', ended: 'sign-out' });
  });

  it('remembers that the API ended the session, until the next sign-in', () => {
    session.receiveToken('t1');
    session.signIn(profile);
    session.clear('expired');
    session.clear();
    expect(session.snapshot().ended).toBe('expired');
    session.receiveToken('t2');
    expect(session.snapshot().ended).toBeNull();
  });

  it('hands out one snapshot object until something changes, and tells subscribers', () => {
    const listener = jest.fn();
    session.subscribe(listener);
    const first = session.snapshot();
    expect(session.snapshot()).toBe(first);
    session.receiveToken('t1');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(session.snapshot()).not.toBe(first);
  });

  it('treats an unreadable stored profile as no profile', () => {
    storage.setItem('token', 't1');
    storage.setItem('logged_in', 'true');
    storage.setItem('profile', '{oops');
    expect(session.snapshot().stage).toBe('privacy');
  });
});
