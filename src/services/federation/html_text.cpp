// A small, forgiving reader of the HTML other servers put in a Note's content: it only needs to
// find tags, line breaks and entities, never to build a tree.
#include "services/federation/html_text.h"

#include <cstdint>

#include "util/search_fold.h"
#include "util/text.h"

namespace cairn::services {
namespace {

// A character reference's code point, U+FFFD for one no text may hold (NUL, surrogates, beyond
// Unicode).
void AppendCodePoint(std::string& out, uint32_t code) {
  if (code == 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) code = 0xFFFD;
  util::AppendUtf8(static_cast<char32_t>(code), out);
}

// The entity starting at html[i] ('&'), appended to `out`; returns the index after it, or i + 1
// with a literal '&' when it is not one this reader knows.
size_t DecodeEntity(std::string_view html, size_t i, std::string& out) {
  const size_t end = html.find(';', i);
  if (end == std::string_view::npos || end - i > 10) {
    out += '&';
    return i + 1;
  }
  const std::string_view name = html.substr(i + 1, end - i - 1);
  static constexpr std::pair<std::string_view, std::string_view> kNamed[] = {
      {"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}, {"nbsp", " "}};
  for (const auto& [entity, text] : kNamed) {
    if (name == entity) {
      out += text;
      return end + 1;
    }
  }
  if (name.size() >= 2 && name[0] == '#') {
    uint32_t code = 0;
    const bool hex = name[1] == 'x' || name[1] == 'X';
    const std::string_view digits = name.substr(hex ? 2 : 1);
    bool valid = !digits.empty();
    for (char c : digits) {
      int value = -1;
      if (c >= '0' && c <= '9') value = c - '0';
      if (hex && c >= 'a' && c <= 'f') value = c - 'a' + 10;
      if (hex && c >= 'A' && c <= 'F') value = c - 'A' + 10;
      if (value < 0 || code > 0x10FFFF) {
        valid = false;
        break;
      }
      code = code * (hex ? 16 : 10) + static_cast<uint32_t>(value);
    }
    if (valid) {
      AppendCodePoint(out, code);
      return end + 1;
    }
  }
  out += '&';
  return i + 1;
}

// Tags that end a line of text.
bool BreaksLine(std::string_view tag) {
  static constexpr std::string_view kBreaking[] = {
      "br",  "p",  "/p",  "div", "/div", "li",         "/li",        "h1",
      "/h1", "h2", "/h2", "h3",  "/h3",  "blockquote", "/blockquote"};
  for (std::string_view name : kBreaking) {
    if (tag == name) return true;
  }
  return false;
}

}  // namespace

std::string HtmlToText(std::string_view html, size_t max_characters) {
  std::string raw;
  raw.reserve(html.size());
  for (size_t i = 0; i < html.size();) {
    const char c = html[i];
    if (c == '<') {
      const size_t close = html.find('>', i);
      if (close == std::string_view::npos) break;  // an unfinished tag: the rest is markup
      std::string_view tag = html.substr(i + 1, close - i - 1);
      size_t name_end = 0;
      while (name_end < tag.size() && tag[name_end] != ' ' && tag[name_end] != '/' &&
             tag[name_end] != '\t' && tag[name_end] != '\n') {
        ++name_end;
      }
      if (!tag.empty() && tag[0] == '/') {
        name_end = 1;
        while (name_end < tag.size() && tag[name_end] != ' ' && tag[name_end] != '>') ++name_end;
      }
      const std::string name = util::LowercaseAscii(tag.substr(0, name_end));
      if (BreaksLine(name)) raw += (name == "br" ? "\n" : "\n\n");
      i = close + 1;
    } else if (c == '&') {
      i = DecodeEntity(html, i, raw);
    } else {
      raw += (c == '\r' || c == '\t') ? ' ' : c;
      ++i;
    }
  }
  // Collapse: spaces within a line, and more than one blank line.
  std::string out;
  out.reserve(raw.size());
  int newlines = 0;
  bool space = false;
  for (char c : raw) {
    if (c == '\n') {
      ++newlines;
      space = false;
      continue;
    }
    if (c == ' ') {
      space = true;
      continue;
    }
    if (!out.empty()) {
      if (newlines > 0) {
        out += newlines > 1 ? "\n\n" : "\n";
      } else if (space) {
        out += ' ';
      }
    }
    newlines = 0;
    space = false;
    out += c;
  }
  return std::string(util::TruncateUtf8(out, max_characters));
}

}  // namespace cairn::services
