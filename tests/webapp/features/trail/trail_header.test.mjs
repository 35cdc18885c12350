// web/features/trail/trail_header.js: the category badge names the subcategory beside the
// category ("Hiking · Via ferrata"), from the trail's expanded relations.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {categoryText} from '../../../../web/features/trail/trail_header.js';

test('the category badge reads "category · subcategory", or whichever of them the trail has', () => {
  const cases = [
    [{category: {name: 'Hiking'}, subcategory: {name: 'Via ferrata'}}, 'Hiking · Via ferrata'],
    [{category: {name: 'Hiking'}}, 'Hiking'],
    [{category: {name: 'Hiking'}, subcategory: null}, 'Hiking'],
    [{}, ''],
    [undefined, ''],
  ];
  for (const [expand, want] of cases) assert.equal(categoryText({expand}), want, JSON.stringify(expand));
});
