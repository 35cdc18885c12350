// web/lib/form_changes.js: which fields of a form differ from what was shown, for the
// unsaved-changes guard and for saves that send only what changed.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {changedNames} from '../../../web/lib/form_changes.js';

test('a typed value is a change; typing it back is none', () => {
  const shown = {name: 'Walk', distance: '12.35', public: false};
  assert.deepEqual(changedNames(shown, {...shown, distance: '12.4'}), ['distance']);
  assert.deepEqual(changedNames(shown, {...shown}), []);
  assert.deepEqual(changedNames(shown, {...shown, public: true, name: 'Ridge'}), ['name', 'public']);
});

test('an empty value and a missing one are the same; anything else missing is a change', () => {
  assert.deepEqual(changedNames({name: 'Walk', tags: ''}, {name: 'Walk'}), []);
  assert.deepEqual(changedNames({name: 'Walk', public: false}, {name: 'Walk'}), []);
  assert.deepEqual(changedNames({name: 'Walk'}, {name: 'Walk', location: 'Garmisch'}), ['location']);
});
