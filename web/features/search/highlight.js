// Matched words in a search hit. The server wraps them in the marks we ask for, two control
// characters that no name or description holds (not HTML: hits come back unescaped, as
// Meilisearch sends them), so the text is split on them and built as text nodes and <mark>s;
// nothing from the server ever becomes markup.
import {h} from '../../lib/dom.js';

export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

// [{text, marked}] for a highlighted text: pieces in order, neighbours of one kind joined, none
// empty, the marks themselves dropped. A mark left open ends with the text; an end without a
// start is dropped.
export function highlightParts(text, start = MARK_START, end = MARK_END) {
  const parts = [];
  let marked = false;
  let piece = '';
  const flush = () => {
    if (!piece) return;
    const last = parts[parts.length - 1];
    if (last && last.marked === marked) last.text += piece;
    else parts.push({text: piece, marked});
    piece = '';
  };
  for (const char of String(text ?? '')) {
    if (char === start || char === end) {
      flush();
      marked = char === start;
    } else {
      piece += char;
    }
  }
  flush();
  return parts;
}

// Children for h(): strings, and <mark> elements around the matched words.
export function highlightedNodes(text) {
  return highlightParts(text).map((part) => (part.marked ? h('mark', null, part.text) : part.text));
}
