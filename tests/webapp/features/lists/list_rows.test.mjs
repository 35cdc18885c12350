// web/features/lists/list_rows.js: links to a list's trails, from its rows and its map's popups.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {setShareToken} from '../../../../web/lib/api.js';
import {trailHref} from '../../../../web/features/lists/list_rows.js';

test('opened through a list link, a trail link carries the token (it opens the trail too)', (t) => {
  t.after(() => setShareToken(''));
  assert.equal(trailHref('abcdefghij12345'), '/trail/abcdefghij12345');
  setShareToken('tok en/1');
  assert.equal(trailHref('abcdefghij12345'), '/trail/abcdefghij12345?share=tok%20en%2F1');
});
