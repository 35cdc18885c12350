// Edit trail: the details form, photos, the track file, waypoints on a map, and (for the author)
// deleting the trail. Only the author and users with an `edit` share get the forms; the sections
// share one `editor` that holds the current record and tells the others when it changed.
import {h, replace, toast, keepFocus, uniqueId} from '../../lib/dom.js';
import {quote} from '../../lib/api.js';
import {trailShares, trails} from '../../lib/resources.js';
import {categoryChoices} from '../../lib/category_choices.js';
import {pickerCategories} from '../../lib/category_order.js';
import {formError, formValues, onSubmit} from '../../lib/forms.js';
import {changedNames} from '../../lib/form_changes.js';
import {holdUnsaved} from '../../lib/unsaved.js';
import {confirmDialog} from '../../lib/dialog.js';
import {detailFields, editSection as section, statFields, trailBody} from './trail_fields.js';
import {OVERRIDABLE, inputText, overriddenFields, statisticsBody} from './statistics_overrides.js';
import {photosSection} from './photos_section.js';
import {trackSection} from './track_section.js';
import {waypointsSection} from './waypoints_section.js';

const authorId = (trail) => (trail.author && typeof trail.author === 'object' ? trail.author.id : trail.author);

// True when the signed-in user holds an `edit` share of the trail.
async function hasEditShare(trailId, userId) {
  const shares = await trailShares.list({filter: `trail = ${quote(trailId)} && user = ${quote(userId)} && permission = "edit"`, perPage: 1, skipTotal: true});
  return Array.isArray(shares) && shares.length > 0;
}

// {trail, on(event, fn), emit(event, data), update(record)}: 'trail' fires after every change of
// the record (saved details, new photos, a new track); 'waypoint' when a section adds one.
function createEditor(trail, extra) {
  const listeners = {};
  const editor = {
    trail,
    ...extra,
    on(event, fn) {
      (listeners[event] ||= []).push(fn);
    },
    emit(event, data) {
      for (const fn of listeners[event] || []) fn(data);
    },
    // Records from uploads carry no `expand`; keep what we had.
    update(record) {
      editor.trail = {...editor.trail, ...record, expand: {...(editor.trail.expand || {}), ...(record.expand || {})}};
      editor.emit('trail', editor.trail);
    },
  };
  return editor;
}

// "computed: 12.35 km" and a "Use computed" button under each statistic the person typed over
// the GPS file's (and the date); pressing it puts the computed value back in the field, to save.
function computedNotes(form, editor, resets, onReset) {
  for (const old of form.querySelectorAll('.computed-note')) old.remove();
  for (const item of overriddenFields(editor.trail, editor.session.units)) {
    const input = form.elements.namedItem(item.field);
    if (!input || input.value !== inputText(item.field, editor.trail[item.field], editor.session.units)) continue;
    const noteId = uniqueId('computed');
    const button = h('button', {type: 'button', class: 'link-button', 'aria-label': `Use computed ${item.label}: ${item.text}`}, 'Use computed');
    button.addEventListener('click', () => {
      input.value = item.input;
      resets.add(item.field);
      note.remove();
      onReset();
      input.focus();
    });
    const note = h('p', {class: 'computed-note', id: noteId}, h('span', null, `computed: ${item.text}`), ' ', button);
    input.closest('.field').append(note);
    input.setAttribute('aria-describedby', `${input.getAttribute('aria-describedby') || ''} ${noteId}`.trim());
  }
}

function detailsSection(editor, {categories, subcategories}) {
  const {session} = editor;
  const units = session.units;
  const status = h('span', {class: 'save-status', role: 'status'});
  const withTrack = () => Boolean(editor.trail.gpx);
  const statsHelp = () => (withTrack() ? 'Computed from the GPS file. Type a number to correct it; the GPS file then no longer changes it.' : 'Without a GPS file, these are what you enter.');
  const help = h('p', {class: 'help'}, statsHelp());
  const form = h(
    'form',
    {class: 'stack', novalidate: true},
    formError(),
    detailFields(editor.trail, {categories, subcategories, canPublish: editor.isAuthor}),
    h('h3', null, 'Statistics'),
    help,
    statFields(editor.trail, units),
    h('div', {class: 'actions'}, status, h('button', {type: 'submit', class: 'button primary'}, 'Save details')),
  );
  // What the page showed, to tell changes from it (and to leave untouched figures unsent).
  let shown = formValues(form);
  const resets = new Set();
  const changed = () => changedNames(shown, formValues(form));
  const showStatus = () => {
    status.textContent = changed().length || resets.size ? 'Unsaved changes' : '';
  };
  form.addEventListener('input', (event) => {
    const name = event.target?.name;
    if (resets.has(name)) resets.delete(name);
    showStatus();
  });
  const notes = () => computedNotes(form, editor, resets, showStatus);
  // A new GPS file or a save changes the record: figures nobody touched show its values.
  editor.on('trail', (trail) => {
    const now = formValues(form);
    for (const field of OVERRIDABLE) {
      const input = form.elements.namedItem(field);
      if (!input || String(now[field] ?? '') !== String(shown[field] ?? '')) continue;
      input.value = inputText(field, trail[field], units);
      shown[field] = input.value;
    }
    help.textContent = statsHelp();
    notes();
  });
  notes();
  onSubmit(form, async (values) => {
    try {
      const full = trailBody(values, {units, withStats: true, canPublish: editor.isAuthor});
      const body = statisticsBody(full, {trail: editor.trail, changed: changed(), resets});
      const saved = await trails.update(editor.trail.id, body, {query: {expand: 'category,tags'}});
      shown = formValues(form);
      resets.clear();
      editor.update(saved);
      status.textContent = `Saved at ${new Date().toLocaleTimeString([], {hour: '2-digit', minute: '2-digit'})}`;
    } catch (error) {
      // What was typed stays, still unsaved; the fields say what failed.
      status.textContent = 'Unsaved changes: not saved';
      throw error;
    }
  });
  editor.holdUnsaved(() => changed().length > 0 || resets.size > 0);
  return section('Details', form);
}

function dangerSection(editor, navigate) {
  const error = h('p', {class: 'form-error', role: 'alert', hidden: true});
  const button = h('button', {type: 'button', class: 'button danger'}, 'Delete trail');
  button.addEventListener('click', async () => {
    const {trail} = editor;
    const yes = await confirmDialog({
      title: 'Delete this trail?',
      message: `“${trail.name}” will be deleted with its track, photos, waypoints, comments and summit logs. This cannot be undone.`,
      confirmLabel: 'Delete trail',
    });
    if (!yes) return;
    const restoreFocus = keepFocus(button);
    button.disabled = true;
    error.hidden = true;
    try {
      await trails.remove(trail.id);
      toast(`Deleted ${trail.name}.`);
      navigate('/trails', {replace: true, force: true});
    } catch (problem) {
      error.textContent = `The trail was not deleted. ${problem.message}`;
      error.hidden = false;
      button.disabled = false;
      restoreFocus();
    }
  });
  const box = section('Danger zone', h('p', null, 'Deleting a trail removes it for everyone it is shared with.'), error, h('div', {class: 'row'}, button));
  box.classList.add('danger-zone');
  return box;
}

function notAllowed(view, trail) {
  document.title = `Edit ${trail.name} · Cairn`;
  view.append(
    h(
      'section',
      {class: 'page narrow'},
      h('h1', null, `Edit ${trail.name}`),
      h('p', {class: 'notice', role: 'alert'}, 'You cannot change this trail. Only its author, and people it is shared with for editing, can.'),
      h('p', null, h('a', {href: `/trail/${trail.id}`}, 'Back to the trail')),
    ),
  );
}

export default {
  async render(ctx) {
    if (!ctx.requireUser()) return undefined;
    const {view, params, session, navigate} = ctx;
    document.title = 'Edit trail · Cairn';
    view.append(h('p', {class: 'loading'}, 'Loading…'));
    const [trail, choices] = await Promise.all([
      trails.show(params.id, {expand: 'waypoints,category,tags'}),
      categoryChoices().catch(() => ({categories: [], subcategories: null})),
    ]);
    // The user's order without hidden categories, but the trail's own stays choosable (its
    // subcategory too: the subcategory field keeps it).
    const categories = pickerCategories(choices.categories, trail.category);
    const isAuthor = authorId(trail) === session.user.id;
    const canEdit = isAuthor || (await hasEditShare(trail.id, session.user.id));
    if (!ctx.isCurrent()) return undefined;
    view.replaceChildren();
    if (!canEdit) return notAllowed(view, trail);

    const cleanups = [];
    const editor = createEditor(trail, {session, isAuthor, holdUnsaved: (isDirty) => cleanups.push(holdUnsaved(isDirty))});
    const heading = h('h1', null, `Edit ${trail.name}`);
    editor.on('trail', (record) => {
      replace(heading, `Edit ${record.name}`);
      document.title = `Edit ${record.name} · Cairn`;
    });
    document.title = `Edit ${trail.name} · Cairn`;

    const waypoints = waypointsSection(editor);
    cleanups.push(waypoints.cleanup);
    view.append(
      h(
        'div',
        {class: 'page trail-edit'},
        h('div', {class: 'edit-head'}, heading, h('a', {class: 'button', href: `/trail/${trail.id}`}, 'View trail')),
        isAuthor ? null : h('p', {class: 'notice'}, 'This trail is shared with you for editing.'),
        detailsSection(editor, {categories, subcategories: choices.subcategories}),
        photosSection(editor),
        trackSection(editor),
        waypoints.element,
        isAuthor ? dangerSection(editor, navigate) : null,
      ),
    );
    return () => {
      for (const fn of cleanups) fn();
    };
  },
};
