// "Send to…" on the trail page: when the viewer has connected services that take trails (plugins
// with the "send" capability), a dialog to pick one and send the trail there; it says where the
// copy is (a link) or, in words, why it was not sent.
import {h, keepFocus, uniqueId} from '../../lib/dom.js';
import {openDialog} from '../../lib/dialog.js';
import {pluginInstances, plugins, trailSend} from '../../lib/resources.js';

// The enabled connections whose plugin sends trails, each as {instance, plugin, label}.
export function sendTargets(instances, pluginList) {
  const byId = new Map(pluginList.map((p) => [p.id, p]));
  const targets = [];
  for (const instance of instances) {
    const plugin = byId.get(instance.plugin_id);
    const capabilities = plugin?.capabilities || plugin?.manifest?.capabilities || [];
    if (!plugin || instance.enabled === false || !capabilities.includes('send')) continue;
    targets.push({instance, plugin, label: targetLabel(plugin, instance)});
  }
  return targets;
}

// "wanderer or Cairn (trails.example.org)": the service, and the server when its settings name one.
export function targetLabel(plugin, instance) {
  const name = plugin?.name || instance.plugin_id;
  const address = instance.config?.url;
  if (!address) return name;
  try {
    return `${name} (${new URL(address).host})`;
  } catch {
    return `${name} (${address})`;
  }
}

function openSendDialog(trail, targets) {
  const group = uniqueId('send-target');
  const choices = targets.map((target, i) => {
    const id = `${group}-${i}`;
    return h('label', {class: 'radio', for: id}, h('input', {type: 'radio', name: group, id, value: target.instance.id, checked: i === 0}), target.label);
  });
  const result = h('div', {class: 'send-result', role: 'status', 'aria-live': 'polite'});
  const error = h('p', {class: 'field-error', role: 'alert'});
  const send = h('button', {type: 'submit', class: 'button primary'}, 'Send');
  const form = h(
    'form',
    {class: 'stack send-form'},
    h('fieldset', {class: 'radio-group'}, h('legend', null, 'Send a copy of this trail to'), choices),
    error,
    result,
    h('div', {class: 'actions'}, send),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const chosen = form.querySelector('input:checked');
    const target = targets.find((t) => t.instance.id === chosen?.value);
    if (!target) return;
    error.textContent = '';
    result.replaceChildren();
    const restoreFocus = keepFocus(send);
    send.disabled = true;
    send.setAttribute('aria-busy', 'true');
    try {
      const answer = await trailSend.send(trail.id, target.instance.id);
      const url = answer?.remote?.url;
      result.replaceChildren(
        h('p', {class: 'saved-note'}, `Sent to ${target.label}.`),
        url ? h('p', null, h('a', {href: url, target: '_blank', rel: 'noopener noreferrer', 'data-external': ''}, `Open it on ${target.plugin.name || 'the service'}`)) : null,
      );
    } catch (failure) {
      error.textContent = `Not sent: ${failure.message}`;
    } finally {
      send.disabled = false;
      send.removeAttribute('aria-busy');
      restoreFocus();
    }
  });
  openDialog({title: `Send “${trail.name}”`, content: form, className: 'send-dialog'});
  (form.querySelector('input:checked') || send).focus();
}

// A slot that becomes the "Send to…" button once the viewer's connections are known, and stays
// empty when none takes trails (or they cannot be read: the page works without it).
export function sendToSlot(trail) {
  const slot = h('span', {class: 'send-to-slot'});
  Promise.all([pluginInstances.list(), plugins.list()])
    .then(([instances, answer]) => {
      const targets = sendTargets(Array.isArray(instances) ? instances : [], Array.isArray(answer?.items) ? answer.items : []);
      if (!targets.length) return;
      const button = h('button', {type: 'button', class: 'button', 'aria-haspopup': 'dialog'}, 'Send to…');
      button.addEventListener('click', () => openSendDialog(trail, targets));
      slot.replaceChildren(button);
    })
    .catch((error) => console.warn('send targets:', error.message));
  return slot;
}
