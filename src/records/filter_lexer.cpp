// The lexer of PocketBase's filter language: filter text to tokens for the compiler in filter.cpp.
#include "records/filter_lexer.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace cairn::records::filter_internal {
namespace {

// Longer operators first: Lex takes the first one that matches.
const char* const kOperators[] = {"?!=", "?>=", "?<=", "?!~", "!=", ">=", "<=", "!~",
                                  "?=",  "?>",  "?<",  "?~",  "=",  ">",  "<",  "~"};

}  // namespace

util::Error Invalid(const std::string& what) {
  return util::Error::InvalidArgument(std::string(kInvalidFilterPrefix) + what);
}

util::Result<std::vector<Token>> Lex(std::string_view s) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    const size_t start = i;
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {  // comment to end of line
      while (i < s.size() && s[i] != '\n') ++i;
      continue;
    }
    if (c == '(' || c == ')') {
      tokens.push_back({c == '(' ? TokenKind::kOpen : TokenKind::kClose, std::string(1, c), i++});
      continue;
    }
    if (s.substr(i, 2) == "&&" || s.substr(i, 2) == "||") {
      tokens.push_back(
          {c == '&' ? TokenKind::kAnd : TokenKind::kOr, std::string(s.substr(i, 2)), i});
      i += 2;
      continue;
    }
    if (c == '"' || c == '\'') {
      std::string text;
      ++i;
      bool closed = false;
      while (i < s.size()) {
        if (s[i] == '\\' && i + 1 < s.size()) {
          // As in fexpr: only an escaped quote is unescaped; `\%` and `\_` must reach LIKE intact.
          if (s[i + 1] != c) text += '\\';
          text += s[i + 1];
          i += 2;
        } else if (s[i] == c) {
          closed = true;
          ++i;
          break;
        } else {
          text += s[i++];
        }
      }
      if (!closed)
        return Invalid("unterminated string starting at position " + std::to_string(start));
      tokens.push_back({TokenKind::kString, std::move(text), start});
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '-' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
      ++i;
      bool dot = false;
      while (i < s.size() &&
             (std::isdigit(static_cast<unsigned char>(s[i])) || (s[i] == '.' && !dot))) {
        if (s[i] == '.') dot = true;
        ++i;
      }
      tokens.push_back({TokenKind::kNumber, std::string(s.substr(start, i - start)), start});
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      while (i < s.size() &&
             (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_' || s[i] == '.')) {
        ++i;
      }
      if (i < s.size() && s[i] == ':') {
        return Invalid("field modifiers such as \":" +
                       std::string(s.substr(i + 1, std::min<size_t>(10, s.size() - i - 1))) +
                       "\" are not supported (position " + std::to_string(i) + ")");
      }
      tokens.push_back({TokenKind::kIdentifier, std::string(s.substr(start, i - start)), start});
      continue;
    }
    if (c == '@' || c == '#') {
      return Invalid("\"" + std::string(1, c) +
                     "\" identifiers such as @request are not supported"
                     " (position " +
                     std::to_string(i) + ")");
    }
    bool matched = false;
    for (const char* op : kOperators) {
      std::string_view o(op);
      if (s.substr(i, o.size()) == o) {
        tokens.push_back({TokenKind::kOperator, std::string(o), i});
        i += o.size();
        matched = true;
        break;
      }
    }
    if (!matched) {
      return Invalid("unexpected character '" + std::string(1, c) + "' at position " +
                     std::to_string(i));
    }
  }
  tokens.push_back({TokenKind::kEnd, "", s.size()});
  return tokens;
}

}  // namespace cairn::records::filter_internal
