// Who is signed in and their settings. The session itself is the server's HttpOnly cookie;
// this module only remembers the user record and settings the API returned.
import {quote} from './api.js';
import {auth, settings as settingsRecords} from './resources.js';

const DEFAULT_SETTINGS = {unit: 'metric', privacy: {account: 'public', trails: 'private', lists: 'private'}};

export const session = {
  user: null,
  settings: {...DEFAULT_SETTINGS},
  listeners: new Set(),

  get signedIn() {
    return Boolean(this.user);
  },
  get units() {
    return this.settings.unit === 'imperial' ? 'imperial' : 'metric';
  },
  onChange(listener) {
    this.listeners.add(listener);
  },
  changed() {
    for (const listener of this.listeners) listener(this);
  },

  async load() {
    try {
      this.user = await auth.me();
    } catch (error) {
      if (error.status !== 401) throw error;
      this.user = null;
    }
    await this.loadSettings();
    this.changed();
  },

  async loadSettings() {
    this.settings = {...DEFAULT_SETTINGS};
    if (!this.user) return;
    const list = await settingsRecords.list({filter: `user = ${quote(this.user.id)}`, perPage: 1});
    if (Array.isArray(list) && list.length) this.settings = {...DEFAULT_SETTINGS, ...list[0]};
  },

  // Saves settings, creating the user's one settings record on first use.
  async saveSettings(values) {
    const saved = this.settings.id
      ? await settingsRecords.update(this.settings.id, values)
      : await settingsRecords.create({...values, user: this.user.id});
    this.settings = {...DEFAULT_SETTINGS, ...saved};
    this.changed();
    return this.settings;
  },

  async signIn(username, password) {
    const answer = await auth.login(username, password);
    this.user = answer.record;
    await this.loadSettings();
    this.changed();
  },

  async signOut() {
    await auth.logout();
    this.user = null;
    this.settings = {...DEFAULT_SETTINGS};
    this.changed();
  },

  // After the account is gone: no logout request, just the signed-out state.
  forgetUser() {
    this.user = null;
    this.settings = {...DEFAULT_SETTINGS};
    this.changed();
  },

  setUser(record) {
    this.user = {...this.user, ...record};
    this.changed();
  },
};

// The sign-in page's address, coming back to the current page afterwards.
export function signInHref() {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

export function config() {
  const el = document.getElementById('cairn-config');
  try {
    return JSON.parse(el ? el.textContent : '{}');
  } catch {
    return {};
  }
}
