// A place to drop files, with a visible button that opens the file picker for keyboard, touch and
// screen-reader users. The <input type=file> is labelled (tests can set files on it by label) but
// kept out of the tab order: the button is the one control to reach.
import {h} from '../../lib/dom.js';

// What the GPS pickers offer; the server decides by content, so this only filters the dialog.
export const GPS_ACCEPT = '.gpx,.kml,.kmz,.tcx,.geojson,.json,.fit';

// dropZone({buttonText, inputLabel, accept, multiple, title, hint, onFiles}) -> {element, input, setDisabled(bool)}
export function dropZone({buttonText, inputLabel, accept, multiple = true, title, hint, onFiles, className}) {
  const input = h('input', {type: 'file', accept, multiple, class: 'visually-hidden', tabindex: '-1', 'aria-label': inputLabel});
  const button = h('button', {type: 'button', class: 'button primary'}, buttonText);
  const element = h(
    'div',
    {class: ['drop-zone', className]},
    title ? h('p', {class: 'drop-zone-title'}, title) : null,
    button,
    hint ? h('p', {class: 'help'}, hint) : null,
    input,
  );

  const deliver = (files) => {
    const list = Array.from(files || []);
    if (list.length) onFiles(multiple ? list : list.slice(0, 1));
  };
  button.addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    deliver(input.files);
    input.value = ''; // the same file can be chosen again (after an error, say)
  });

  // dragenter/dragleave fire for every child crossed; counting keeps the highlight steady.
  let depth = 0;
  const hasFiles = (event) => Array.from(event.dataTransfer?.types || []).includes('Files');
  element.addEventListener('dragenter', (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth += 1;
    element.classList.add('dragging');
  });
  element.addEventListener('dragover', (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = button.disabled ? 'none' : 'copy';
  });
  element.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (!depth) element.classList.remove('dragging');
  });
  element.addEventListener('drop', (event) => {
    event.preventDefault();
    depth = 0;
    element.classList.remove('dragging');
    if (!button.disabled) deliver(event.dataTransfer?.files);
  });

  return {
    element,
    input,
    button,
    setDisabled(disabled) {
      button.disabled = disabled;
      input.disabled = disabled;
      element.classList.toggle('disabled', disabled);
    },
  };
}

// While a screen with drop zones is shown, a file dropped beside the zone must not make the
// browser navigate away to it (losing the form). Returns the function that stops the guard.
export function guardWindowDrops() {
  const stop = (event) => {
    if (Array.from(event.dataTransfer?.types || []).includes('Files') && !event.target.closest?.('.drop-zone')) event.preventDefault();
  };
  window.addEventListener('dragover', stop);
  window.addEventListener('drop', stop);
  return () => {
    window.removeEventListener('dragover', stop);
    window.removeEventListener('drop', stop);
  };
}
