// web/features/search/highlight.js: the server's marks around matched words become pieces, and the
// pieces text nodes and <mark>s; markup in a hit stays text.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {installDom} from '../../support/fake_dom.mjs';
import {MARK_START, MARK_END, highlightParts, highlightedNodes} from '../../../../web/features/search/highlight.js';

const S = MARK_START;
const E = MARK_END;

test('the marks are two control characters, never HTML', () => {
  assert.equal(MARK_START, '\u0002');
  assert.equal(MARK_END, '\u0003');
});

test('a text without marks is one plain piece; an empty text none', () => {
  assert.deepEqual(highlightParts('Zugspitze'), [{text: 'Zugspitze', marked: false}]);
  assert.deepEqual(highlightParts(''), []);
  assert.deepEqual(highlightParts(null), []);
  assert.deepEqual(highlightParts(undefined), []);
});

test('marked words become marked pieces in order', () => {
  assert.deepEqual(highlightParts(`Over the ${S}Zugspitze${E} from ${S}Ehrwald${E}`), [
    {text: 'Over the ', marked: false},
    {text: 'Zugspitze', marked: true},
    {text: ' from ', marked: false},
    {text: 'Ehrwald', marked: true},
  ]);
  assert.deepEqual(highlightParts(`${S}Zug${E}spitze`), [{text: 'Zug', marked: true}, {text: 'spitze', marked: false}]);
});

test('empty marks vanish and neighbours of one kind join', () => {
  assert.deepEqual(highlightParts(`a${S}${E}b`), [{text: 'ab', marked: false}]);
  assert.deepEqual(highlightParts(`${S}Zug${E}${S}spitze${E}`), [{text: 'Zugspitze', marked: true}]);
});

test('a mark left open runs to the end; an end without a start is dropped', () => {
  assert.deepEqual(highlightParts(`Hölle${S}ntal`), [{text: 'Hölle', marked: false}, {text: 'ntal', marked: true}]);
  assert.deepEqual(highlightParts(`Höllen${E}tal`), [{text: 'Höllental', marked: false}]);
  assert.deepEqual(highlightParts(`${S}${S}a${E}${E}b`), [{text: 'a', marked: true}, {text: 'b', marked: false}]);
});

test('other tags of the caller’s choice work the same way', () => {
  assert.deepEqual(highlightParts('x[y]z', '[', ']'), [{text: 'x', marked: false}, {text: 'y', marked: true}, {text: 'z', marked: false}]);
});

test('characters beyond the basic plane are kept whole', () => {
  assert.deepEqual(highlightParts(`🏔️ ${S}Gipfel${E}`), [{text: '🏔️ ', marked: false}, {text: 'Gipfel', marked: true}]);
});

test('pieces become text and <mark> elements; markup in a hit stays text', (t) => {
  const document = installDom(t);
  const probe = '<img src=x onerror=alert(1)>';
  const nodes = highlightedNodes(`${probe} ${S}Zug${E}spitze <b>`);
  assert.equal(nodes.length, 3);
  assert.equal(nodes[0], `${probe} `);
  assert.equal(nodes[1].tagName, 'MARK');
  assert.equal(nodes[1].textContent, 'Zug');
  assert.equal(nodes[2], 'spitze <b>');
  const holder = document.createElement('span');
  for (const node of nodes) holder.append(typeof node === 'string' ? document.createTextNode(node) : node);
  assert.equal(holder.querySelectorAll('img').length, 0);
  assert.equal(holder.querySelectorAll('mark').length, 1);
  assert.equal(holder.textContent, `${probe} Zugspitze <b>`);
});
