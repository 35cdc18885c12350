// web/lib/waypoint_icons.js: a waypoint's stored icon name becomes one of the drawings.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {ICON_CHOICES, iconKey, iconLabel, iconSvg} from '../../../web/lib/waypoint_icons.js';
import {installDom} from '../support/fake_dom.mjs';

test('Font Awesome names of one kind share a drawing; unknown and empty names are the dot', () => {
  assert.equal(iconKey('mountain'), 'mountain');
  assert.equal(iconKey('mountain-sun'), 'mountain');
  assert.equal(iconKey('fa-tent'), 'campground');
  assert.equal(iconKey(' Faucet-Drip '), 'droplet');
  assert.equal(iconKey('rocket'), 'circle');
  assert.equal(iconKey(''), 'circle');
  assert.equal(iconKey(null), 'circle');
  assert.equal(iconLabel('hotel'), 'Hut');
});

test('every choice a picker offers is drawn under its own name, the dot first', () => {
  assert.equal(ICON_CHOICES[0].value, 'circle');
  for (const {value} of ICON_CHOICES) assert.equal(iconKey(value), value);
  assert.equal(new Set(ICON_CHOICES.map((c) => c.label)).size, ICON_CHOICES.length);
});

test('an icon is a decorative inline SVG (the waypoint name says what it is)', (t) => {
  installDom(t);
  const icon = iconSvg('droplet', 20);
  assert.equal(icon.tagName, 'SVG');
  assert.equal(icon.getAttribute('aria-hidden'), 'true');
  assert.equal(icon.getAttribute('width'), '20');
  assert.equal(icon.children.length, 1);
});
