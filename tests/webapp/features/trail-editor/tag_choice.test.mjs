// web/features/trail-editor/tag_choice.js: the tag picker against a fake tag API. Typing finds
// tags whatever their case, Enter takes the highlighted one, an existing name in any case, or
// creates a new tag; chosen tags are never doubled and can be removed.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {tagChoice, optionsFor, sameName} from '../../../../web/features/trail-editor/tag_choice.js';
import {fakeTagApi} from '../../support/fake_tag_api.mjs';

const names = (model) => model.chosen.map((tag) => tag.name);
const shown = (model) => model.options.map((o) => (o.kind === 'create' ? `+${o.name}` : o.name));
const creates = (api) => api.requests.filter((r) => r.method === 'PUT');
const searches = (api) => api.requests.filter((r) => r.method === 'GET');

// A picker with no wait after typing; `type` waits for the search it starts.
function picker(options = {}) {
  const model = tagChoice({delay: 0, ...options});
  model.typeAndWait = async (text) => {
    model.type(text);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await model.settled();
  };
  return model;
}

test('names are the same tag whatever their case and surrounding spaces', () => {
  assert.ok(sameName('Alps', ' alps '));
  assert.ok(sameName('ÉTÉ', 'été'));
  assert.ok(!sameName('Alps', 'Alp'));
});

test('typing searches the tags whose name contains the text, by name, ten at most', async (t) => {
  const api = fakeTagApi(t, ['Alps', 'Dolomites', 'alpine meadow', 'Salpa', 'Coast']);
  const model = picker();
  await model.typeAndWait('ALP');
  assert.deepEqual(searches(api).map((r) => r.params), [{filter: 'name ~ "ALP"', sort: 'name', perPage: '10'}]);
  assert.deepEqual(shown(model), ['Alps', 'Salpa', 'alpine meadow', '+ALP']);
  assert.equal(model.open, true);
  assert.match(model.message, /3 tags found; Enter creates it/);
});

test('a burst of typing asks once, for the last text', async (t) => {
  const api = fakeTagApi(t, ['Alps']);
  const model = tagChoice({delay: 30});
  for (const text of ['a', 'al', 'alp']) model.type(text);
  await new Promise((resolve) => setTimeout(resolve, 60));
  await model.settled();
  assert.deepEqual(searches(api).map((r) => r.params.filter), ['name ~ "alp"']);
});

test('typed wildcards and quotes are searched for as they are', async (t) => {
  const api = fakeTagApi(t, ['50% grade', '500 m', 'a_b', 'axb', 'say "hi"']);
  const model = picker();
  await model.typeAndWait('50%');
  assert.deepEqual(shown(model), ['50% grade', '+50%']);
  await model.typeAndWait('a_b');
  assert.deepEqual(shown(model), ['a_b']);
  await model.typeAndWait('"hi"');
  assert.deepEqual(shown(model), ['say "hi"', '+"hi"']);
  assert.equal(creates(api).length, 0);
});

test('no "create" option when a tag of that name exists in another case', async (t) => {
  fakeTagApi(t, ['Alps', 'Alpstein']);
  const model = picker();
  await model.typeAndWait('alps');
  assert.deepEqual(shown(model), ['Alps', 'Alpstein']);
});

test('Enter on a name no tag has creates the tag with PUT {name} and chooses it', async (t) => {
  const api = fakeTagApi(t, ['Alps']);
  const model = picker();
  await model.typeAndWait('  Via ferrata ');
  await model.enter();
  assert.deepEqual(creates(api).map((r) => r.body), [{name: 'Via ferrata'}]);
  assert.deepEqual(names(model), ['Via ferrata']);
  assert.equal(model.ids()[0], api.tags.find((tag) => tag.name === 'Via ferrata').id);
  assert.equal(model.text, '');
  assert.equal(model.open, false);
  assert.match(model.message, /Created and added the tag Via ferrata/);
});

test('Enter on an existing name in another case chooses that tag and creates none', async (t) => {
  const api = fakeTagApi(t, ['Alps', 'Alpstein']);
  const model = picker();
  await model.typeAndWait('aLPS');
  await model.enter();
  assert.deepEqual(names(model), ['Alps']);
  assert.equal(creates(api).length, 0);
});

test('Enter typed faster than the suggestions still finds the existing tag', async (t) => {
  const api = fakeTagApi(t, ['Alps']);
  const model = tagChoice({delay: 10000});
  model.type('alps');
  await model.enter();
  assert.deepEqual(names(model), ['Alps']);
  assert.equal(creates(api).length, 0);
});

test('the exact name is found even when ten other tags contain it and sort before it', async (t) => {
  const others = Array.from({length: 12}, (_, i) => `${String(i).padStart(2, '0')} ridge`);
  const api = fakeTagApi(t, [...others, 'Ridge']);
  const model = picker();
  await model.typeAndWait('ridge');
  assert.equal(shown(model).includes('Ridge'), false, 'not among the ten suggestions');
  await model.enter();
  assert.deepEqual(names(model), ['Ridge']);
  assert.equal(creates(api).length, 0);
});

test('arrow keys move through the suggestions and wrap; Enter takes the highlighted one', async (t) => {
  const api = fakeTagApi(t, ['Alps', 'Alpstein']);
  const model = picker();
  await model.typeAndWait('alp');
  assert.deepEqual(shown(model), ['Alps', 'Alpstein', '+alp']);
  model.move(1);
  model.move(1);
  assert.equal(model.active, 1);
  model.move(1);
  model.move(1);
  assert.equal(model.active, 0, 'past the last comes the first');
  model.move(-1);
  assert.equal(model.active, 2, 'before the first comes the last');
  model.move(-1);
  await model.enter();
  assert.deepEqual(names(model), ['Alpstein']);
  assert.equal(creates(api).length, 0);
});

test('Enter on the highlighted "create" option creates the typed name', async (t) => {
  const api = fakeTagApi(t, ['Alps']);
  const model = picker();
  await model.typeAndWait('alp');
  model.move(-1);
  assert.equal(model.options[model.active].kind, 'create');
  await model.enter();
  assert.deepEqual(names(model), ['alp']);
  assert.equal(creates(api).length, 1);
});

test('a click on a suggestion chooses it', async (t) => {
  fakeTagApi(t, ['Alps', 'Coast']);
  const model = picker();
  await model.typeAndWait('co');
  await model.pick(model.options[0]);
  assert.deepEqual(names(model), ['Coast']);
});

test('ArrowDown in the empty box lists the first tags by name', async (t) => {
  const api = fakeTagApi(t, ['b', 'a', 'c']);
  const model = picker();
  model.move(1);
  await model.settled();
  assert.deepEqual(searches(api).map((r) => r.params), [{sort: 'name', perPage: '10'}]);
  assert.deepEqual(shown(model), ['a', 'b', 'c']);
});

test('chosen tags are not offered again, never doubled, and can be removed', async (t) => {
  const api = fakeTagApi(t, ['Alps', 'Alpstein']);
  const [alps] = api.tags;
  const model = picker({chosen: [{id: alps.id, name: 'Alps', collectionName: 'tags'}]});
  assert.deepEqual(model.chosen, [{id: alps.id, name: 'Alps'}]);
  await model.typeAndWait('alp');
  assert.deepEqual(shown(model), ['Alpstein', '+alp']);
  await model.typeAndWait('ALPS');
  assert.deepEqual(shown(model), ['Alpstein']);
  await model.enter();
  assert.deepEqual(names(model), ['Alps'], 'not added twice');
  assert.match(model.message, /chosen already/);
  model.remove(alps.id);
  assert.deepEqual(model.ids(), []);
  assert.match(model.message, /Removed the tag Alps/);
  assert.equal(creates(api).length, 0);
});

test('a tag someone else made meanwhile is taken when the server says the name is taken', async (t) => {
  const api = fakeTagApi(t, []);
  const model = tagChoice({delay: 10000});
  model.type('Glacier');
  // Between the look-up and the PUT, another person creates "glacier".
  api.failCreate(() => {
    api.addElsewhere('glacier');
    return new Response(JSON.stringify({status: 400, message: 'Failed to create record.', data: {name: {code: 'validation_not_unique', message: 'Value must be unique.'}}}), {status: 400});
  });
  await model.enter();
  assert.deepEqual(names(model), ['glacier']);
  assert.equal(model.error, '');
});

test('a create the server refuses keeps the text and says why', async (t) => {
  const api = fakeTagApi(t, []);
  const model = picker();
  model.type('x'.repeat(5));
  api.failCreate(new Response(JSON.stringify({status: 401, message: 'The request requires valid authorization.'}), {status: 401}));
  await model.enter();
  assert.deepEqual(model.chosen, []);
  assert.equal(model.text, 'xxxxx');
  assert.equal(model.error, 'The request requires valid authorization.');
  assert.equal(model.busy, false);
});

test('Enter in an empty box does nothing', async (t) => {
  const api = fakeTagApi(t, ['Alps']);
  const model = picker();
  await model.enter();
  assert.equal(api.requests.length, 0);
  assert.deepEqual(model.chosen, []);
});

test('optionsFor() offers found tags not chosen, then "create" unless the name exists', () => {
  const found = [{id: '1', name: 'Alps'}, {id: '2', name: 'Alpine'}];
  assert.deepEqual(optionsFor('alp', found, [{id: '1', name: 'Alps'}]).map((o) => o.name), ['Alpine', 'alp']);
  assert.deepEqual(optionsFor('alpine', found, []).map((o) => o.kind), ['tag', 'tag']);
  assert.deepEqual(optionsFor('   ', [], []), []);
});

test('a name whose other letters differ in case (höllental, HÖLLENTAL) finds the tag, which LIKE alone misses', async (t) => {
  const api = fakeTagApi(t, ['HÖLLENTAL', 'Höllentalangerhütte']);
  const model = picker();
  await model.typeAndWait('höllental');
  assert.deepEqual(shown(model), ['Höllentalangerhütte', '+höllental'], 'the server search folds ASCII letters only');
  await model.enter();
  assert.deepEqual(names(model), ['HÖLLENTAL']);
  assert.equal(creates(api).length, 0);
});

test('a name with no ASCII letters at all is looked for among the tags', async (t) => {
  const api = fakeTagApi(t, ['ÄÖÜ', 'Coast']);
  const model = tagChoice({delay: 10000});
  model.type('äöü');
  await model.enter();
  assert.deepEqual(names(model), ['ÄÖÜ']);
  assert.equal(creates(api).length, 0);
});
