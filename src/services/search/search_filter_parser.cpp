// Meilisearch's filter syntax: a lexer and a recursive-descent parser whose depth is bounded by
// kMaxSearchFilterDepth, so no input can exhaust the stack.
#include "services/search/search_filter_parser.h"

#include <charconv>
#include <cmath>
#include <utility>

#include "services/search/search_filter.h"
#include "util/text.h"

namespace cairn::services::search::filter_internal {
namespace {

enum class TokenKind {
  kWord,
  kString,
  kCompare,
  kOpen,
  kClose,
  kOpenList,
  kCloseList,
  kComma,
  kEnd
};

struct Token {
  TokenKind kind;
  std::string text;  // words and comparisons as written, strings without quotes and unescaped
  size_t column;
};

// Words that are syntax when unquoted, as Meilisearch reserves them (upper case only).
constexpr std::string_view kKeywords[] = {"AND",        "OR",
                                          "NOT",        "TO",
                                          "IN",         "EXISTS",
                                          "IS",         "NULL",
                                          "EMPTY",  //
                                          "_geoRadius", "_geoBoundingBox",
                                          "_geoPoint"};

// Single characters that are tokens of their own, and their kinds.
constexpr std::string_view kPunctuation = "()[],";
constexpr TokenKind kPunctuationKinds[] = {TokenKind::kOpen, TokenKind::kClose,
                                           TokenKind::kOpenList, TokenKind::kCloseList,
                                           TokenKind::kComma};

constexpr const char* kOperators =
    " (`=`, `!=`, `>`, `>=`, `<`, `<=`, `TO`, `IN`, `NOT IN`, `EXISTS`, `NOT EXISTS`, `IS NULL`, "
    "`IS NOT NULL`, `IS EMPTY` or `IS NOT EMPTY`)";

bool IsKeyword(const Token& t) {
  if (t.kind != TokenKind::kWord) return false;
  for (std::string_view k : kKeywords) {
    if (t.text == k) return true;
  }
  return false;
}

// Meilisearch's word: letters, digits, `_`, `-` and `.`; any non-ASCII byte counts as a letter.
bool IsWordByte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.' || c >= 0x80;
}

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

class Lexer {
 public:
  Lexer(std::string_view text, std::string_view where) : s_(text), where_(where) {}

  util::Result<std::vector<Token>> Lex() {
    std::vector<Token> tokens;
    size_t i = 0;
    while (i < s_.size()) {
      const char c = s_[i];
      if (IsSpace(c)) {
        ++i;
        continue;
      }
      const size_t column = ColumnAt(i);
      const size_t start = i;
      if (c == '\'' || c == '"') {
        std::string text;
        ++i;
        bool closed = false;
        while (i < s_.size()) {
          if (s_[i] == '\\' && i + 1 < s_.size()) {
            // As Meilisearch: only an escaped quote of the string's own kind is unescaped.
            if (s_[i + 1] != c) text += '\\';
            text += s_[i + 1];
            i += 2;
          } else if (s_[i] == c) {
            closed = true;
            ++i;
            break;
          } else {
            text += s_[i++];
          }
        }
        if (!closed) {
          return InvalidFilter(where_, column,
                               "the string starting here has no closing " + Quoted({&c, 1}));
        }
        tokens.push_back({TokenKind::kString, std::move(text), column});
        continue;
      }
      if (IsWordByte(static_cast<unsigned char>(c))) {
        while (i < s_.size() && IsWordByte(static_cast<unsigned char>(s_[i]))) ++i;
        tokens.push_back({TokenKind::kWord, std::string(s_.substr(start, i - start)), column});
        continue;
      }
      if (const size_t p = kPunctuation.find(c); p != std::string_view::npos) {
        tokens.push_back({kPunctuationKinds[p], std::string(1, c), column});
        ++i;
        continue;
      }
      const bool two = (c == '!' || c == '<' || c == '>') && s_.substr(i + 1, 1) == "=";
      if (c == '!' && !two) return InvalidFilter(where_, column, "`!` must be followed by `=`");
      if (!two && c != '=' && c != '<' && c != '>') {
        return InvalidFilter(where_, column,
                             "unexpected character " + Quoted(util::TruncateUtf8(s_.substr(i), 1)));
      }
      tokens.push_back({TokenKind::kCompare, std::string(s_.substr(i, two ? 2 : 1)), column});
      i += two ? 2 : 1;
    }
    tokens.push_back({TokenKind::kEnd, "", ColumnAt(s_.size())});
    return tokens;
  }

 private:
  // Columns count characters, not bytes: a UTF-8 continuation byte starts none.
  size_t ColumnAt(size_t offset) {
    for (; counted_ < offset; ++counted_) {
      if ((static_cast<unsigned char>(s_[counted_]) & 0xC0) != 0x80) ++characters_;
    }
    return characters_ + 1;
  }

  std::string_view s_;
  std::string_view where_;
  size_t counted_ = 0;
  size_t characters_ = 0;
};

class Parser {
 public:
  Parser(std::vector<Token> tokens, std::string_view where, ParseBudget& budget)
      : tokens_(std::move(tokens)), where_(where), budget_(budget) {}

  util::Result<Node> ParseAll() {
    CAIRN_ASSIGN_OR_RETURN(Node root, ParseChain(Node::Kind::kOr, 0));
    if (Peek().kind == TokenKind::kClose) {
      return Fail(Peek(), "this `)` closes no `(`");
    }
    if (Peek().kind != TokenKind::kEnd) {
      return Fail(Peek(), "expected `AND`, `OR` or the end of the filter" + Found(Peek()));
    }
    return root;
  }

 private:
  const Token& Peek() const { return tokens_[position_]; }
  const Token& Next() {
    const Token& t = tokens_[position_];
    if (t.kind != TokenKind::kEnd) ++position_;
    return t;
  }
  bool AtKeyword(std::string_view keyword) const {
    return Peek().kind == TokenKind::kWord && Peek().text == keyword;
  }
  bool AtValue() const {
    return Peek().kind == TokenKind::kString ||
           (Peek().kind == TokenKind::kWord && !IsKeyword(Peek()));
  }

  util::Error Fail(const Token& at, std::string_view what) const {
    return InvalidFilter(where_, at.column, what);
  }
  static std::string Found(const Token& t) {
    if (t.kind == TokenKind::kEnd) return "";
    return ", found " + Quoted(t.text);
  }

  // or = and ("OR" and)*; and = not ("AND" not)*. A parenthesised chain of the same kind merges
  // into its parent, so `a OR (b OR c)` costs no SQL nesting.
  util::Result<Node> ParseChain(Node::Kind kind, int depth) {
    const bool is_or = kind == Node::Kind::kOr;
    auto parse_item = [&]() {
      return is_or ? ParseChain(Node::Kind::kAnd, depth) : ParseNot(depth);
    };
    Node chain;
    chain.kind = kind;
    chain.column = Peek().column;
    while (true) {
      CAIRN_ASSIGN_OR_RETURN(Node item, parse_item());
      if (item.kind == kind) {
        for (Node& child : item.children) chain.children.push_back(std::move(child));
      } else {
        chain.children.push_back(std::move(item));
      }
      if (!AtKeyword(is_or ? "OR" : "AND")) break;
      Next();
    }
    if (chain.children.size() == 1) return std::move(chain.children[0]);
    return chain;
  }

  util::Result<Node> ParseNot(int depth) {
    if (!AtKeyword("NOT")) return ParsePrimary(depth);
    if (depth >= kMaxSearchFilterDepth) return TooDeep();
    Node node;
    node.kind = Node::Kind::kNot;
    node.column = Next().column;
    CAIRN_ASSIGN_OR_RETURN(Node child, ParseNot(depth + 1));
    node.children.push_back(std::move(child));
    return node;
  }

  util::Error TooDeep() const {
    return Fail(Peek(), "the filter nests parentheses and `NOT`s more than " +
                            std::to_string(kMaxSearchFilterDepth) + " levels deep");
  }

  util::Result<Node> ParsePrimary(int depth) {
    const Token& t = Peek();
    if (t.kind == TokenKind::kOpen) {
      if (depth >= kMaxSearchFilterDepth) return TooDeep();
      const size_t open_column = Next().column;
      CAIRN_ASSIGN_OR_RETURN(Node inner, ParseChain(Node::Kind::kOr, depth + 1));
      if (Peek().kind == TokenKind::kEnd) {
        return Fail(Peek(),
                    "missing the `)` that closes the `(` at column " + std::to_string(open_column));
      }
      if (Peek().kind != TokenKind::kClose) {
        return Fail(Peek(), "expected `AND`, `OR` or `)`" + Found(Peek()));
      }
      Next();
      return inner;
    }
    if (t.kind == TokenKind::kWord && (t.text == "_geoRadius" || t.text == "_geoBoundingBox")) {
      return ParseGeo();
    }
    if (t.kind == TokenKind::kWord && t.text == "_geoPoint") {
      return Fail(t,
                  "`_geoPoint` is reserved and cannot be filtered on; use "
                  "`_geoRadius(latitude, longitude, meters)` or "
                  "`_geoBoundingBox([latitude, longitude], [latitude, longitude])`");
    }
    if (AtValue()) return ParseCondition();
    if (t.kind == TokenKind::kEnd) return Fail(t, "expected a condition");
    return Fail(t, "expected a condition" + Found(t));
  }

  util::Status CountCondition(const Token& at) {
    if (++budget_.conditions > kMaxSearchFilterConditions) {
      return Fail(at, "the filter has more than " + std::to_string(kMaxSearchFilterConditions) +
                          " conditions");
    }
    return util::OkStatus();
  }

  util::Result<Node> ParseCondition() {
    const Token& name = Next();
    CAIRN_RETURN_IF_ERROR(CountCondition(name));
    Node node;
    node.kind = Node::Kind::kCondition;
    node.column = name.column;
    node.attribute = {name.text, name.kind == TokenKind::kString, name.column};
    const Token& t = Peek();
    if (t.kind == TokenKind::kCompare) {
      static constexpr std::pair<std::string_view, Operator> kComparisons[] = {
          {"=", Operator::kEqual},   {"!=", Operator::kNotEqual},
          {">", Operator::kGreater}, {">=", Operator::kGreaterOrEqual},
          {"<", Operator::kLess},    {"<=", Operator::kLessOrEqual}};
      for (const auto& [text, op] : kComparisons) {
        if (t.text == text) node.op = op;
      }
      Next();
      CAIRN_ASSIGN_OR_RETURN(Word value, ParseValue(t.text));
      node.values.push_back(std::move(value));
    } else if (AtValue()) {
      CAIRN_ASSIGN_OR_RETURN(Word low, ParseValue(""));
      if (!AtKeyword("TO")) {
        // `name CONTAINS x`, `name STARTS WITH x`: an operator this server does not have.
        if (!low.quoted &&
            low.text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == std::string::npos) {
          return Fail(t, Quoted(low.text) + " is not a supported operator" + kOperators);
        }
        return Fail(Peek(), "expected `TO` after " + Quoted(low.text) + Found(Peek()));
      }
      Next();
      CAIRN_ASSIGN_OR_RETURN(Word high, ParseValue("TO"));
      node.op = Operator::kBetween;
      node.values = {std::move(low), std::move(high)};
    } else if (AtKeyword("IN")) {
      Next();
      node.op = Operator::kIn;
      CAIRN_ASSIGN_OR_RETURN(node.values, ParseList("IN"));
    } else if (AtKeyword("EXISTS")) {
      Next();
      node.op = Operator::kExists;
    } else if (AtKeyword("NOT")) {
      Next();
      if (AtKeyword("IN")) {
        Next();
        node.op = Operator::kNotIn;
        CAIRN_ASSIGN_OR_RETURN(node.values, ParseList("NOT IN"));
      } else if (AtKeyword("EXISTS")) {
        Next();
        node.op = Operator::kNotExists;
      } else {
        return Fail(Peek(), "expected `IN` or `EXISTS` after `NOT`" + Found(Peek()));
      }
    } else if (AtKeyword("IS")) {
      Next();
      const bool negated = AtKeyword("NOT");
      if (negated) Next();
      if (AtKeyword("NULL")) {
        node.op = negated ? Operator::kIsNotNull : Operator::kIsNull;
      } else if (AtKeyword("EMPTY")) {
        node.op = negated ? Operator::kIsNotEmpty : Operator::kIsEmpty;
      } else {
        return Fail(Peek(), std::string(negated ? "expected `NULL` or `EMPTY` after `IS NOT`"
                                                : "expected `NULL`, `EMPTY` or `NOT` after `IS`") +
                                Found(Peek()));
      }
      Next();
    } else {
      return Fail(t, "expected an operator after " + Quoted(name.text) + kOperators + Found(t));
    }
    return node;
  }

  // A value: a word or a quoted string. `after` names what came before it, for the message.
  util::Result<Word> ParseValue(std::string_view after) {
    const Token& t = Peek();
    const std::string expected =
        after.empty() ? "expected a value" : "expected a value after `" + std::string(after) + "`";
    if (t.kind == TokenKind::kEnd) return Fail(t, expected);
    if (IsKeyword(t)) {
      return Fail(t, expected + ", found the keyword " + Quoted(t.text) +
                         " (put it in quotes to use it as a value)");
    }
    if (t.kind != TokenKind::kWord && t.kind != TokenKind::kString) {
      return Fail(t, expected + Found(t));
    }
    Next();
    return Word{t.text, t.kind == TokenKind::kString, t.column};
  }

  // "[" (value ("," value)* ","?)? "]"
  util::Result<std::vector<Word>> ParseList(std::string_view keyword) {
    if (Peek().kind != TokenKind::kOpenList) {
      return Fail(Peek(), "expected `[` after `" + std::string(keyword) + "`" + Found(Peek()));
    }
    const size_t open_column = Next().column;
    std::vector<Word> values;
    while (Peek().kind != TokenKind::kCloseList) {
      if (Peek().kind == TokenKind::kEnd) {
        return Fail(Peek(),
                    "missing the `]` that closes the `[` at column " + std::to_string(open_column));
      }
      CAIRN_ASSIGN_OR_RETURN(Word value, ParseValue(values.empty() ? "[" : ","));
      values.push_back(std::move(value));
      if (Peek().kind == TokenKind::kComma) {
        Next();
      } else if (Peek().kind != TokenKind::kCloseList && Peek().kind != TokenKind::kEnd) {
        return Fail(Peek(), "expected `,` or `]` in the list" + Found(Peek()));
      }
    }
    Next();
    return values;
  }

  // _geoRadius(lat, lng, meters) | _geoBoundingBox([lat, lng], [lat, lng])
  util::Result<Node> ParseGeo() {
    const Token& name = Next();
    const bool radius = name.text == "_geoRadius";
    const std::string usage =
        radius ? "`_geoRadius(latitude, longitude, meters)`"
               : "`_geoBoundingBox([top latitude, right longitude], [bottom latitude, left "
                 "longitude])`";
    CAIRN_RETURN_IF_ERROR(CountCondition(name));
    auto expect = [&](TokenKind kind, const char* text) -> util::Status {
      if (Peek().kind != kind) {
        return Fail(Peek(), "expected `" + std::string(text) + "` in " + usage + Found(Peek()));
      }
      Next();
      return util::OkStatus();
    };
    std::array<const Token*, 4> at = {};
    Node node;
    node.kind = radius ? Node::Kind::kGeoRadius : Node::Kind::kGeoBoundingBox;
    node.column = name.column;
    CAIRN_RETURN_IF_ERROR(expect(TokenKind::kOpen, "("));
    for (size_t i = 0; i < (radius ? 3u : 4u); ++i) {
      if (i > 0) CAIRN_RETURN_IF_ERROR(expect(TokenKind::kComma, ","));
      if (!radius && i % 2 == 0) CAIRN_RETURN_IF_ERROR(expect(TokenKind::kOpenList, "["));
      const Token& t = Peek();
      std::optional<storage::SqlValue> number;
      if (t.kind == TokenKind::kWord) number = ParseNumber(t.text);
      if (!number) return Fail(t, "expected a number in " + usage + Found(t));
      node.geo[i] = std::holds_alternative<int64_t>(*number)
                        ? static_cast<double>(std::get<int64_t>(*number))
                        : std::get<double>(*number);
      at[i] = &t;
      Next();
      if (!radius && i % 2 == 1) CAIRN_RETURN_IF_ERROR(expect(TokenKind::kCloseList, "]"));
    }
    CAIRN_RETURN_IF_ERROR(expect(TokenKind::kClose, ")"));
    // Both functions put a latitude first; the bounding box alternates latitude, longitude.
    for (size_t i = 0; i < (radius ? 2u : 4u); ++i) {
      const bool latitude = i % 2 == 0;
      const double limit = latitude ? 90 : 180;
      if (!(node.geo[i] >= -limit && node.geo[i] <= limit)) {
        return Fail(*at[i], std::string("bad ") + (latitude ? "latitude " : "longitude ") +
                                Quoted(at[i]->text) + ": " +
                                (latitude ? "a latitude" : "a longitude") + " must be between -" +
                                (latitude ? "90 and 90" : "180 and 180") + " degrees");
      }
    }
    if (radius && !(node.geo[2] > 0)) {
      return Fail(*at[2], "bad radius " + Quoted(at[2]->text) +
                              ": the radius must be a positive number of meters");
    }
    if (!radius && node.geo[0] < node.geo[2]) {
      return Fail(*at[0], "the top latitude " + Quoted(at[0]->text) +
                              " is below the bottom latitude " + Quoted(at[2]->text));
    }
    return node;
  }

  std::vector<Token> tokens_;
  size_t position_ = 0;
  std::string_view where_;
  ParseBudget& budget_;
};

}  // namespace

std::string_view OperatorName(Operator op) {
  // In the order of the enum.
  constexpr std::string_view kNames[] = {
      "`=`",          "`!=`",      "`>`",           "`>=`",       "`<`",
      "`<=`",         "`TO`",      "`IN`",          "`NOT IN`",   "`EXISTS`",
      "`NOT EXISTS`", "`IS NULL`", "`IS NOT NULL`", "`IS EMPTY`", "`IS NOT EMPTY`"};
  return kNames[static_cast<size_t>(op)];
}

util::Result<Node> ParseFilterString(std::string_view text, std::string_view where,
                                     ParseBudget& budget) {
  CAIRN_ASSIGN_OR_RETURN(auto tokens, Lexer(text, where).Lex());
  return Parser(std::move(tokens), where, budget).ParseAll();
}

util::Error InvalidFilter(std::string_view where, size_t column, std::string_view what) {
  std::string message = "Invalid filter";
  if (column > 0) {
    message += " at column " + std::to_string(column);
    if (!where.empty()) message += " of " + std::string(where);
  }
  message += ": ";
  message += what;
  util::Error error = util::Error::InvalidArgument(std::move(message));
  error.facts = {{"code", "invalid_search_filter"},
                 {"type", "invalid_request"},
                 {"link", "https://docs.meilisearch.com/errors#invalid_search_filter"}};
  return error;
}

std::string Quoted(std::string_view text) {
  constexpr size_t kShown = 40;
  std::string_view shown = util::TruncateUtf8(text, kShown);
  return "`" + std::string(shown) + (shown.size() < text.size() ? "…`" : "`");
}

std::optional<storage::SqlValue> ParseNumber(std::string_view text) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (text.empty()) return std::nullopt;
  int64_t integer = 0;
  if (auto [ptr, ec] = std::from_chars(begin, end, integer); ec == std::errc() && ptr == end) {
    return storage::SqlValue(integer);
  }
  double real = 0;
  if (auto [ptr, ec] = std::from_chars(begin, end, real, std::chars_format::general);
      ec == std::errc() && ptr == end && std::isfinite(real)) {
    return storage::SqlValue(real);
  }
  return std::nullopt;
}

}  // namespace cairn::services::search::filter_internal
