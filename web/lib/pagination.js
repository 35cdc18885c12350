// Page links for a paged list: Previous, the first and last pages, those around the current one
// with gaps between, and Next. Links carry `data-page` so a screen can handle clicks in place.
import {h} from './dom.js';

// 1 … 5 [6] 7 … 20 as numbers, with null for each gap.
export function pageNumbers(current, last) {
  const wanted = new Set([1, last, current - 1, current, current + 1]);
  if (current <= 3) [2, 3, 4].forEach((n) => wanted.add(n));
  if (current >= last - 2) [last - 1, last - 2, last - 3].forEach((n) => wanted.add(n));
  const pages = [...wanted].filter((n) => n >= 1 && n <= last).sort((a, b) => a - b);
  const out = [];
  pages.forEach((n, i) => {
    if (i && n - pages[i - 1] > 1) out.push(null);
    out.push(n);
  });
  return out;
}

// The links for `page` of `totalPages` (none for a single page); hrefFor(page) -> URL.
export function pagination(page, totalPages, hrefFor) {
  if (totalPages <= 1) return [];
  const link = (n, text, label, extra = {}) => h('a', {class: 'button small', href: hrefFor(n), dataset: {page: String(n)}, 'aria-label': label, ...extra}, text);
  const disabled = (text) => h('span', {class: 'button small', 'aria-disabled': 'true'}, text);
  return [
    page > 1 ? link(page - 1, '‹ Previous', 'Previous page', {rel: 'prev'}) : disabled('‹ Previous'),
    ...pageNumbers(page, totalPages).map((n) =>
      n === null ? h('span', {class: 'pagination-gap', 'aria-hidden': 'true'}, '…') : link(n, String(n), `Page ${n}`, n === page ? {'aria-current': 'page'} : {}),
    ),
    page < totalPages ? link(page + 1, 'Next ›', 'Next page', {rel: 'next'}) : disabled('Next ›'),
  ];
}
