// The string and comment rules of the server's filter lexer (src/records/filter_lexer.cpp), for
// checking that what the web app quotes reaches the server as one string token: inside a string
// a backslash and the character after it are read as a pair, and only an escaped quote loses its
// backslash; outside strings `//` comments out the rest of the line.

// Reads the string literal that starts at `filter[start]`; returns {text, end} with `end` just
// past the closing quote, or null when the string is never closed.
export function lexString(filter, start = 0) {
  const quote = filter[start];
  let text = '';
  let i = start + 1;
  while (i < filter.length) {
    if (filter[i] === '\\' && i + 1 < filter.length) {
      if (filter[i + 1] !== quote) text += '\\';
      text += filter[i + 1];
      i += 2;
    } else if (filter[i] === quote) {
      return {text, end: i + 1};
    } else {
      text += filter[i++];
    }
  }
  return null;
}

// The filter as the server sees its shape: every string literal becomes S and comments are
// dropped; `strings` are the literals' texts in order. Throws on an unterminated string.
export function lexFilter(filter) {
  let shape = '';
  const strings = [];
  for (let i = 0; i < filter.length; ) {
    if (filter[i] === '"' || filter[i] === "'") {
      const literal = lexString(filter, i);
      if (!literal) throw new Error(`unterminated string at ${i} in ${filter}`);
      strings.push(literal.text);
      shape += 'S';
      i = literal.end;
    } else if (filter.startsWith('//', i)) {
      while (i < filter.length && filter[i] !== '\n') i++;
    } else {
      shape += filter[i++];
    }
  }
  return {shape, strings};
}
