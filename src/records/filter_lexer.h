// The lexer of PocketBase's filter language: filter text to tokens for the compiler in filter.cpp.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace cairn::records::filter_internal {

enum class TokenKind { kIdentifier, kString, kNumber, kOperator, kAnd, kOr, kOpen, kClose, kEnd };

struct Token {
  TokenKind kind;
  // Identifiers, numbers and operators as written; strings without their quotes.
  std::string text;
  size_t position;  // of the token's first character in the filter
};

// The start of every filter error message; CompileSort swaps it for "Invalid sort: " when it
// reports a path error found while resolving a sort field.
inline constexpr std::string_view kInvalidFilterPrefix = "Invalid filter: ";

// An InvalidArgument error whose message is kInvalidFilterPrefix followed by `what`.
util::Error Invalid(const std::string& what);

// Splits `filter` into tokens, ending with a kEnd token positioned at filter.size(). Skips
// whitespace and `//` comments up to the end of the line. Inside a string only an escaped quote
// is unescaped, so `\%` and `\_` reach LIKE intact. Fails with Invalid on an unterminated string,
// a field modifier (":lower"), an `@` or `#` identifier, or any other unexpected character.
util::Result<std::vector<Token>> Lex(std::string_view filter);

}  // namespace cairn::records::filter_internal
