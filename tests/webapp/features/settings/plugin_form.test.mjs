// web/features/settings/plugin_form.js: a connection's form from its plugin's manifest settings.
// Plain settings are text fields with their values; secrets are password fields that never hold
// the stored secret and say "••• stored"; an empty secret keeps the stored one; required
// settings left empty are named.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {installDom} from '../../support/fake_dom.mjs';
import {STORED_PLACEHOLDER, hasStoredSecret, instanceBody, missingSettings, settingsFields} from '../../../../web/features/settings/plugin_form.js';

const WANDERER = {
  id: 'wanderer',
  name: 'wanderer or Cairn',
  manifest: {
    settings: [
      {name: 'url', label: 'Server address', secret: false, required: true},
      {name: 'token', label: 'API token', secret: true, required: true},
      {name: 'note', label: 'Note', secret: false, required: false},
      {name: 'extra', label: 'Extra key', secret: true, required: false},
    ],
  },
};
// As the API answers it: secrets stored come back as "".
const STORED = {id: 'i1', plugin_id: 'wanderer', config: {url: 'https://trails.example.org', note: 'mine'}, auth: {token: ''}};

test('a new connection sends plain settings trimmed in config and typed secrets in auth', () => {
  const body = instanceBody(WANDERER, {url: ' https://trails.example.org ', token: 's3cret', note: '', extra: ''});
  assert.deepEqual(body, {config: {url: 'https://trails.example.org', note: ''}, auth: {token: 's3cret'}});
});

test('an edit keeps a stored secret left empty (""), replaces a typed one, and leaves out one never stored', () => {
  assert.deepEqual(instanceBody(WANDERER, {url: 'https://b.example', token: '', note: 'x', extra: ''}, STORED), {config: {url: 'https://b.example', note: 'x'}, auth: {token: ''}});
  assert.deepEqual(instanceBody(WANDERER, {url: 'https://b.example', token: 'new', note: '', extra: 'k'}, STORED).auth, {token: 'new', extra: 'k'});
  assert.equal(hasStoredSecret(STORED, 'token'), true);
  assert.equal(hasStoredSecret(STORED, 'extra'), false);
  assert.equal(hasStoredSecret({auth: {token: null}}, 'token'), false);
  assert.equal(hasStoredSecret(null, 'token'), false);
});

test('required settings left empty are named; a stored secret counts as given', () => {
  assert.deepEqual(missingSettings(WANDERER, {url: '  ', token: '', note: ''}), {url: 'Server address is required.', token: 'API token is required.'});
  assert.deepEqual(missingSettings(WANDERER, {url: 'https://a', token: ''}, STORED), {});
  assert.deepEqual(missingSettings({manifest: {}}, {}), {});
});

test('the fields: labels from the manifest, secrets as password fields without their value, "••• stored" when kept', (t) => {
  installDom(t);
  const fields = settingsFields(WANDERER, STORED);
  assert.equal(fields.length, 4);
  const input = (i) => fields[i].querySelector('input');
  assert.equal(fields[0].querySelector('label').textContent, 'Server address');
  assert.equal(input(0).getAttribute('type'), 'url');
  assert.equal(input(0).value, 'https://trails.example.org');
  assert.equal(input(1).getAttribute('type'), 'password');
  assert.equal(input(1).value, '', 'a stored secret is never put in the field');
  assert.equal(input(1).getAttribute('placeholder'), STORED_PLACEHOLDER);
  assert.equal(input(1).getAttribute('autocomplete'), 'new-password');
  assert.equal(input(1).hasAttribute('required'), false, 'a stored secret need not be typed again');
  assert.equal(input(3).getAttribute('placeholder'), null, 'a secret never stored has no placeholder');
  const fresh = settingsFields(WANDERER);
  assert.equal(fresh[1].querySelector('input').hasAttribute('required'), true);
  assert.equal(fresh[1].querySelector('input').getAttribute('placeholder'), null);
});

test('a plugin without settings says so', (t) => {
  installDom(t);
  const [only] = settingsFields({manifest: {settings: []}});
  assert.equal(only.textContent, 'This service needs no settings.');
});
