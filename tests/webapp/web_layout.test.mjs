// The shape of web/: API paths live in the API client and the resource clients only, features
// reach the API through the resource clients, web/lib (the core) never imports a feature, and
// every file the shell page names exists.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync, existsSync} from 'node:fs';
import {join, relative, dirname, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '../../web');
// The only modules allowed to know the API's paths.
const API_CLIENTS = ['lib/api.js', 'lib/resources.js'];
// What api.js offers besides requests: errors, filter literals, the link-share token.
const REQUEST_FUNCTIONS = ['api', 'upload', 'listAll', 'fileUrl'];

// Every file under web/ (hidden ones and Leaflet left out, as the build leaves them out).
function webFiles(folder = WEB) {
  const found = [];
  for (const entry of readdirSync(folder, {withFileTypes: true})) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (relative(WEB, path) !== join('vendor', 'leaflet')) found.push(...webFiles(path));
    } else {
      found.push(relative(WEB, path).split('\\').join('/'));
    }
  }
  return found;
}

// [{names: ['a', 'b'], from: resolved path relative to web/}] of a module's static imports.
function importsOf(file) {
  const text = readFileSync(join(WEB, file), 'utf8');
  const found = [];
  for (const m of text.matchAll(/import\s*(?:\{([^}]*)\}|\*\s+as\s+\w+|\w+)?\s*(?:from\s*)?'(\.{1,2}\/[^']+)'/g)) {
    const names = (m[1] || '').split(',').map((part) => part.trim().split(/\s+as\s+/)[0]).filter(Boolean);
    found.push({names, from: relative(WEB, resolve(dirname(join(WEB, file)), m[2])).split('\\').join('/')});
  }
  for (const m of text.matchAll(/import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)) {
    found.push({names: [], from: relative(WEB, resolve(dirname(join(WEB, file)), m[1])).split('\\').join('/')});
  }
  return found;
}

const files = webFiles();
const modules = files.filter((f) => f.endsWith('.js'));

test('web/ holds the web app', () => {
  for (const wanted of ['index.html', 'app.js', ...API_CLIENTS]) assert.ok(files.includes(wanted), wanted);
  assert.ok(modules.filter((f) => f.startsWith('features/')).length > 20, 'the features have their folders');
});

test('no file under web/ but the API client and the resource clients names an /api/ path', () => {
  const offenders = files.filter((f) => !API_CLIENTS.includes(f) && readFileSync(join(WEB, f), 'utf8').includes('/api/'));
  assert.deepEqual(offenders, []);
});

test("only the resource clients use the API client's requests", () => {
  const offenders = [];
  for (const file of modules.filter((f) => !API_CLIENTS.includes(f))) {
    for (const {names, from} of importsOf(file)) {
      if (from !== 'lib/api.js') continue;
      const used = names.filter((name) => REQUEST_FUNCTIONS.includes(name));
      if (used.length) offenders.push(`${file}: ${used.join(', ')}`);
    }
  }
  assert.deepEqual(offenders, []);
});

test('the core in web/lib never imports a feature', () => {
  const offenders = [];
  for (const file of modules.filter((f) => f.startsWith('lib/'))) {
    for (const {from} of importsOf(file)) if (!from.startsWith('lib/') && !from.startsWith('vendor/')) offenders.push(`${file} -> ${from}`);
  }
  assert.deepEqual(offenders, []);
});

test('every relative import names a file of web/', () => {
  const missing = [];
  for (const file of modules) {
    for (const {from} of importsOf(file)) if (!from.startsWith('vendor/') && !existsSync(join(WEB, from))) missing.push(`${file} -> ${from}`);
  }
  assert.deepEqual(missing, []);
});

test("every stylesheet and preloaded module of the shell page exists, and the routes' screens too", () => {
  const page = readFileSync(join(WEB, 'index.html'), 'utf8');
  const named = [...page.matchAll(/\{\{ASSETS\}\}\/([^"]+)"/g)].map((m) => m[1]).filter((path) => !path.startsWith('vendor/'));
  assert.ok(named.length > 10, 'the page preloads the start screen');
  const app = readFileSync(join(WEB, 'app.js'), 'utf8');
  const screens = [...app.matchAll(/screen\('([^']+)'/g)].map((m) => `features/${m[1]}`);
  assert.ok(screens.length >= 10, 'routes found');
  assert.deepEqual([...named, ...screens].filter((path) => !files.includes(path)), []);
});

// Leaflet and its plugins are not in web/: the build embeds them from Debian's packages and
// third_party/web-packages (CMakeLists.txt, beside the web app). Each one the app names must be one it embeds.
test('every vendor file the shell page or a module names is one the build embeds', () => {
  const cmake = readFileSync(join(WEB, '..', 'CMakeLists.txt'), 'utf8');
  const page = readFileSync(join(WEB, 'index.html'), 'utf8');
  const named = new Set([...page.matchAll(/\{\{ASSETS\}\}\/(vendor\/[^"]+)"/g)].map((m) => m[1]));
  for (const file of modules) for (const {from} of importsOf(file)) if (from.startsWith('vendor/')) named.add(from);
  assert.ok(named.has('vendor/leaflet/leaflet.markercluster.esm.min.js'), 'the cluster plugin is named');
  // The names CMakeLists.txt spells out (in its lists and manifest lines).
  const words = new Set(cmake.split(/[\s()|/]+/));
  // Leaflet's files by name; an npm package's module (vendor/<package>/<name>.mjs) is made by
  // cmake/iife_module.cmake from that package's dist/<name>.js.
  const embedded = (path) => {
    const [, folder, ...rest] = path.split('/');
    if (folder === 'leaflet') return words.has(rest.join('/'));
    const name = rest.join('/');
    return name.endsWith('.mjs') && cmake.includes(`${folder}/dist/${name.replace(/\.mjs$/, '.js')}`);
  };
  const missing = [...named].filter((path) => !embedded(path));
  assert.deepEqual(missing, []);
});
