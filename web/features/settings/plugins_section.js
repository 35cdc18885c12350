// Settings: connected services (plugin instances). Each connection with its service, state,
// message and last sync, and what can be done with it: sync it now (services that sync), check
// its sign-in, change its settings, sign in with the service or sign out of it (OAuth plugins),
// disable or enable it, disconnect it. Below, connecting a new one: choose the service, fill in
// the form its manifest describes.
import {h, replace, keepFocus, uniqueId} from '../../lib/dom.js';
import {pluginInstances, plugins} from '../../lib/resources.js';
import {formError, onSubmit} from '../../lib/forms.js';
import {openDialog} from '../../lib/dialog.js';
import {onDeleteClick} from '../../lib/delete_action.js';
import {instanceBody, missingSettings, settingsFields} from './plugin_form.js';
import {
  canSync, connectButtonWords, isSignedIn, mayStartSync, runSync, signedOutRecord, syncFailureText, syncProgressText, syncSummaryText,
} from './plugin_sync.js';

// What a connection's status means, in words.
export const STATUS_WORDS = {
  configured: 'Configured',
  needs_auth: 'Needs sign-in',
  needs_reauth: 'Needs signing in again',
  syncing: 'Syncing',
  rate_limited: 'Paused by the service (rate limit)',
  unavailable: 'Service unavailable',
  error: 'Error',
  disabled: 'Disabled',
};

const capabilitiesOf = (plugin) => plugin?.capabilities || plugin?.manifest?.capabilities || [];

// The plugins one connects to: those that watch, sync or send (importing an archive needs none).
export function connectable(list) {
  return list.filter((plugin) => capabilitiesOf(plugin).some((c) => c === 'watch' || c === 'sync' || c === 'send'));
}

// "2025-03-01 10:02:03.000Z" -> "2025-03-01 10:02 UTC"; '' stays ''.
function dateTime(value) {
  const text = String(value || '');
  return text.length > 10 ? `${text.slice(0, 16)} UTC` : text;
}

// A settings form error thrown before anything is sent: shown next to the fields it names.
const fieldErrors = (fields) => Object.assign(new Error(''), {status: 400, fields});

// The form of one plugin's settings; `save(values)` runs on submit.
function settingsForm(plugin, instance, {submitLabel, save}) {
  const form = h(
    'form',
    {class: 'stack plugin-form', novalidate: true},
    formError(),
    h('div', {class: 'form-grid'}, settingsFields(plugin, instance)),
    h('div', {class: 'row'}, h('button', {type: 'submit', class: 'button primary'}, submitLabel)),
  );
  onSubmit(form, async (values) => {
    const missing = missingSettings(plugin, values, instance);
    if (Object.keys(missing).length) throw fieldErrors(missing);
    await save(values, form);
  });
  return form;
}

// Sends the browser to the service's sign-in page; it comes back to the app afterwards.
async function startOAuth(instance) {
  const {url} = await pluginInstances.oauthStart(instance.id);
  if (!url) throw new Error('The server gave no address to sign in at.');
  window.location.assign(url);
}

function instanceRow(instance, plugin, {onRemoved}) {
  const name = plugin?.name || instance.plugin_id;
  const row = h('li', {class: 'plugin-row', dataset: {plugin: instance.plugin_id}});
  const note = h('p', {class: 'saved-note', role: 'status', 'aria-live': 'polite'});
  const error = h('p', {class: 'field-error', role: 'alert'});
  // Where a finished sync can be read in full (its problems), on the Import page.
  const syncLink = h('p', {class: 'plugin-sync-link', hidden: true});
  // A sync runs for a while and the row may be redrawn meanwhile (Check, Enable): the new Sync
  // button stays disabled until it ends, so one click starts one sync.
  let syncing = false;

  // A button that runs `work`, disabled meanwhile; a failure's message goes under the row.
  // After a redraw, focus moves to the new row's button of the same action (or of `then`, when
  // the redraw took that one away), unless the person has moved on to something else meanwhile.
  const action = (key, text, label, work, then = null) => {
    const button = h('button', {type: 'button', class: 'button small', 'aria-label': label, dataset: {action: key}}, text);
    button.addEventListener('click', async () => {
      note.textContent = '';
      error.textContent = '';
      const restoreFocus = keepFocus(button);
      button.disabled = true;
      try {
        await work();
      } catch (failure) {
        error.textContent = failure.message;
      } finally {
        button.disabled = false;
        const moved = document.activeElement && document.activeElement !== document.body && document.activeElement.isConnected;
        if (button.isConnected) restoreFocus();
        else if (!moved) (row.querySelector(`[data-action="${key}"]`) || row.querySelector(`[data-action="${then}"]`))?.focus();
      }
    });
    return button;
  };

  function draw(record) {
    instance = record;
    const status = record.enabled === false ? 'disabled' : record.status;
    const buttons = h('div', {class: 'row-buttons plugin-buttons'});
    const enabling = record.enabled === false;
    const oauth = Boolean(plugin?.manifest?.oauth);
    if (canSync(plugin) && mayStartSync(record)) {
      const sync = action('sync', 'Sync now', `Sync now with ${name}`, () => syncNow(), 'oauth');
      sync.disabled = syncing;
      buttons.append(sync);
    }
    if (oauth) {
      const words = connectButtonWords(record, name);
      buttons.append(action('oauth', words.text, words.label, () => startOAuth(instance)));
    }
    if (oauth && isSignedIn(record)) {
      buttons.append(
        action('revoke', `Sign out of ${name}`, `Sign out of ${name}`, async () => {
          const answer = await pluginInstances.oauthRevoke(instance.id);
          const fresh = await pluginInstances.show(instance.id).catch(() => null);
          redraw(fresh || signedOutRecord(instance));
          note.textContent = answer?.message || `Signed out of ${name}.`;
        }, 'oauth'),
      );
    }
    buttons.append(
      action('check', 'Check', `Check ${name}`, async () => {
        const answer = await pluginInstances.validate(instance.id);
        const words = answer?.message ? `: ${answer.message}` : '.';
        if (answer?.valid) note.textContent = `The sign-in works${words}`;
        else error.textContent = `The sign-in does not work${words}`;
        const fresh = await pluginInstances.show(instance.id).catch(() => null);
        if (fresh) redraw(fresh);
      }),
      action('settings', 'Settings', `Settings of ${name}`, async () => openSettings()),
      action('enable', enabling ? 'Enable' : 'Disable', `${enabling ? 'Enable' : 'Disable'} ${name}`, async () => {
        redraw(await pluginInstances.update(instance.id, {enabled: enabling}));
        note.textContent = enabling ? 'Enabled.' : 'Disabled.';
      }),
    );
    const disconnect = h('button', {type: 'button', class: 'button small danger', 'aria-label': `Disconnect ${name}`}, 'Disconnect');
    onDeleteClick(disconnect, {
      // The service is told first, so it does not keep granting access to a connection that is
      // gone; when it cannot be reached the connection goes all the same.
      remove: async () => {
        if (oauth && isSignedIn(instance)) await pluginInstances.oauthRevoke(instance.id).catch(() => null);
        return pluginInstances.remove(instance.id);
      },
      confirm: {title: `Disconnect ${name}?`, message: `Cairn forgets this connection and its stored sign-in${oauth ? ` and tells ${name} to end its access` : ''}. Trails already imported or sent stay.`, confirmLabel: 'Disconnect'},
      error,
      onDeleted() {
        row.remove();
        onRemoved();
      },
    });
    buttons.append(disconnect);
    replace(
      row,
      h(
        'div',
        {class: 'plugin-text'},
        h('strong', {class: 'plugin-name'}, name),
        h('span', {class: ['badge', 'plugin-status', status]}, STATUS_WORDS[status] || status || ''),
        record.message ? h('p', {class: 'plugin-message'}, record.message) : null,
        h('p', {class: 'plugin-meta muted'}, `Last sync: ${record.last_sync ? dateTime(record.last_sync) : 'never'}`),
      ),
      buttons,
      note,
      error,
      syncLink,
    );
  }

  // Syncs and shows it in the note: its progress, then its counts (and why it failed). Once
  // "Syncing…" was said, the note is busy, so screen readers say the summary, not every number.
  async function syncNow() {
    syncing = true;
    syncLink.hidden = true;
    try {
      const job = await runSync(instance.id, {
        stillWanted: () => row.isConnected,
        onUpdate(current) {
          if (note.textContent) note.setAttribute('aria-busy', 'true');
          note.textContent = syncProgressText(current);
        },
      });
      if (!job) return;
      note.removeAttribute('aria-busy');
      note.textContent = syncSummaryText(job);
      if (job.status === 'failed') error.textContent = syncFailureText(job);
      replace(syncLink, h('a', {href: `/import?job=${encodeURIComponent(job.id)}`}, 'Details of this sync'));
      syncLink.hidden = false;
    } catch (failure) {
      note.textContent = '';
      throw failure;
    } finally {
      syncing = false;
      note.removeAttribute('aria-busy');
      // The new last sync and status (the record changes as the service answers).
      if (row.isConnected) redraw((await pluginInstances.show(instance.id).catch(() => null)) || instance);
    }
  }

  // Draws a newer record, keeping what the row says.
  function redraw(record) {
    const said = [note.textContent, error.textContent];
    draw(record);
    [note.textContent, error.textContent] = said;
  }

  function openSettings() {
    const form = settingsForm(plugin, instance, {
      submitLabel: 'Save settings',
      save: async (values) => {
        redraw(await pluginInstances.update(instance.id, instanceBody(plugin, values, instance)));
        close();
        note.textContent = 'Settings saved.';
      },
    });
    const {close} = openDialog({title: `Settings of ${name}`, content: form});
    form.querySelector('input, select, textarea')?.focus();
  }

  draw(instance);
  return row;
}

export function pluginsSection() {
  const rows = h('ul', {class: 'plugin-rows', 'aria-label': 'Your connected services'});
  const none = h('p', {class: 'muted'}, 'Loading connections…');
  const connect = h('div', {class: 'plugin-connect stack'});
  let byId = new Map();
  const refreshEmpty = () => {
    none.hidden = rows.children.length > 0;
    none.textContent = 'No services are connected.';
  };
  const addRow = (instance) => {
    rows.append(instanceRow(instance, byId.get(instance.plugin_id), {onRemoved: refreshEmpty}));
    refreshEmpty();
  };

  function connectForm(list) {
    if (!list.length) {
      replace(connect, h('p', {class: 'muted'}, 'This server has no services to connect to.'));
      return;
    }
    const selectId = uniqueId('plugin-choice');
    const select = h('select', {id: selectId, class: 'input'}, h('option', {value: ''}, 'Choose a service…'), list.map((p) => h('option', {value: p.id}, p.name || p.id)));
    const slot = h('div', {class: 'plugin-form-slot'});
    select.addEventListener('change', () => {
      const plugin = byId.get(select.value);
      if (!plugin) {
        slot.replaceChildren();
        return;
      }
      const oauth = Boolean(plugin.manifest?.oauth);
      const form = settingsForm(plugin, null, {
        submitLabel: oauth ? 'Save and sign in' : 'Connect',
        save: async (values, formElement) => {
          const created = await pluginInstances.create({plugin_id: plugin.id, enabled: true, ...instanceBody(plugin, values)});
          addRow(created);
          formElement.reset();
          select.value = '';
          if (oauth) {
            try {
              await startOAuth(created);
            } catch (failure) {
              slot.replaceChildren(h('p', {class: 'form-error', role: 'alert'}, `Saved. Signing in with ${plugin.name || plugin.id} failed: ${failure.message} Use Connect on its row to try again.`));
            }
            return;
          }
          slot.replaceChildren();
          rows.lastElementChild?.querySelector('button')?.focus();
        },
      });
      slot.replaceChildren(plugin.manifest?.description ? h('p', {class: 'help'}, plugin.manifest.description) : '', form);
    });
    replace(connect, h('div', {class: 'field'}, h('label', {for: selectId}, 'Service'), select), slot);
  }

  Promise.all([plugins.list(), pluginInstances.list()]).then(
    ([answer, instances]) => {
      const list = Array.isArray(answer?.items) ? answer.items : [];
      byId = new Map(list.map((p) => [p.id, p]));
      rows.replaceChildren();
      for (const instance of Array.isArray(instances) ? instances : []) addRow(instance);
      refreshEmpty();
      connectForm(connectable(list));
    },
    (failure) => {
      none.textContent = `Connections could not be loaded: ${failure.message}`;
      none.classList.add('field-error');
    },
  );

  return h(
    'section',
    {class: 'settings-section card-box', id: 'plugins', 'aria-labelledby': 'plugins-title'},
    h('h2', {id: 'plugins-title'}, 'Connected services'),
    h('p', {class: 'help'}, 'Services Cairn signs in to for you: to sync new activities, or to send trails to. To bring a whole export of another service, use ', h('a', {href: '/import'}, 'Import'), '.'),
    none,
    rows,
    h('h3', null, 'Connect a service'),
    connect,
  );
}
