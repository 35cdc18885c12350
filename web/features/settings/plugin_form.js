// The form of a plugin connection, made from its manifest's settings ([{name, label, secret,
// required}]): plain settings are text fields holding their values; secret ones are password
// fields that never hold a stored secret — "••• stored" says one is there, and leaving the field
// empty keeps it. instanceBody() turns what was typed into the API's {config, auth}.
import {h} from '../../lib/dom.js';
import {field} from '../../lib/forms.js';

export const STORED_PLACEHOLDER = '••• stored';

const settingsOf = (plugin) => (Array.isArray(plugin?.manifest?.settings) ? plugin.manifest.settings : []);

// True when the connection holds a secret for `name` (the API answers stored secrets as "").
export function hasStoredSecret(instance, name) {
  return Boolean(instance?.auth && Object.prototype.hasOwnProperty.call(instance.auth, name) && instance.auth[name] !== null);
}

// {config, auth} for PUT (instance absent) or POST (instance given) from the form's values
// ({settingName: text}). A secret typed is sent; an empty one is sent as "" when one is stored
// (keep it) and left out otherwise.
export function instanceBody(plugin, values, instance = null) {
  const config = {};
  const auth = {};
  for (const setting of settingsOf(plugin)) {
    const value = String(values[setting.name] ?? '');
    if (!setting.secret) {
      config[setting.name] = value.trim();
    } else if (value !== '') {
      auth[setting.name] = value;
    } else if (hasStoredSecret(instance, setting.name)) {
      auth[setting.name] = '';
    }
  }
  return {config, auth};
}

// {settingName: message} for the required settings left empty; a secret already stored counts
// as given.
export function missingSettings(plugin, values, instance = null) {
  const missing = {};
  for (const setting of settingsOf(plugin)) {
    if (!setting.required) continue;
    const value = String(values[setting.name] ?? '');
    const given = setting.secret ? value !== '' || hasStoredSecret(instance, setting.name) : value.trim() !== '';
    if (!given) missing[setting.name] = `${setting.label || setting.name} is required.`;
  }
  return missing;
}

// The fields of the plugin's settings, filled from `instance` (its plain values; its secrets only
// as the placeholder).
export function settingsFields(plugin, instance = null) {
  const settings = settingsOf(plugin);
  if (!settings.length) return [h('p', {class: 'help'}, 'This service needs no settings.')];
  return settings.map((setting) => {
    const stored = setting.secret && hasStoredSecret(instance, setting.name);
    return field({
      label: setting.label || setting.name,
      name: setting.name,
      type: setting.secret ? 'password' : setting.name === 'url' ? 'url' : 'text',
      value: setting.secret ? '' : instance?.config?.[setting.name] ?? '',
      required: Boolean(setting.required) && !stored,
      help: stored ? 'Stored. Leave empty to keep it, or type a new one.' : null,
      attrs: {
        autocomplete: setting.secret ? 'new-password' : 'off',
        spellcheck: 'false',
        placeholder: stored ? STORED_PLACEHOLDER : null,
      },
    });
  });
}
