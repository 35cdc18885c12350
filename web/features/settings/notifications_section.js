// Settings: which notifications arrive in the app and which by e-mail, per type
// (settings.notifications: {type: {web, email}}; a missing one means both). Each box saves at once.
import {h, keepFocus} from '../../lib/dom.js';
import {NOTIFICATION_TYPES, notificationPrefs} from '../people/notification_text.js';
import {savedNote} from './profile_sections.js';

export function notificationsSection(session) {
  const note = savedNote();
  let prefs = notificationPrefs(session.settings?.notifications);
  const box = (type, channel, label) => {
    const input = h('input', {type: 'checkbox', name: `${type}-${channel}`, checked: prefs[type][channel], 'aria-label': `${label}: ${channel === 'web' ? 'in the app' : 'by e-mail'}`});
    input.addEventListener('change', async () => {
      const next = {...prefs, [type]: {...prefs[type], [channel]: input.checked}};
      const restore = keepFocus(input);
      input.disabled = true;
      try {
        await session.saveSettings({notifications: next});
        prefs = next;
        note.textContent = 'Saved.';
      } catch (error) {
        input.checked = !input.checked;
        note.textContent = `Not saved: ${error.message}`;
      } finally {
        input.disabled = false;
        restore();
      }
    });
    return h('td', null, input);
  };
  return h(
    'section',
    {class: 'settings-section card-box', id: 'notifications', 'aria-labelledby': 'notifications-title'},
    h('h2', {id: 'notifications-title'}, 'Notifications'),
    h('p', {class: 'muted'}, 'What you hear about, in the app (the bell) and by e-mail (at most one summary an hour).'),
    h(
      'table',
      {class: 'notification-settings'},
      h('thead', null, h('tr', null, h('th', {scope: 'col'}, 'About'), h('th', {scope: 'col'}, 'In the app'), h('th', {scope: 'col'}, 'E-mail'))),
      h('tbody', null, NOTIFICATION_TYPES.map(({type, label}) => h('tr', {dataset: {type}}, h('th', {scope: 'row'}, label), box(type, 'web', label), box(type, 'email', label)))),
    ),
    note,
  );
}
