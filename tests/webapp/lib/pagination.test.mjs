// web/lib/pagination.js: the page numbers around the current page, the first and last, and a
// gap (null) wherever pages are left out.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {pageNumbers} from '../../../web/lib/pagination.js';

const cases = [
  {current: 1, last: 1, want: [1]},
  {current: 1, last: 3, want: [1, 2, 3]},
  {current: 1, last: 20, want: [1, 2, 3, 4, null, 20]},
  {current: 6, last: 20, want: [1, null, 5, 6, 7, null, 20]},
  {current: 4, last: 20, want: [1, null, 3, 4, 5, null, 20]},
  {current: 3, last: 20, want: [1, 2, 3, 4, null, 20]},
  {current: 20, last: 20, want: [1, null, 17, 18, 19, 20]},
  {current: 18, last: 20, want: [1, null, 17, 18, 19, 20]},
];

for (const {current, last, want} of cases) {
  test(`page ${current} of ${last}`, () => assert.deepEqual(pageNumbers(current, last), want));
}
