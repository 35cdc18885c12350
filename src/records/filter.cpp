// PocketBase filter and sort languages -> parameterised SQL. Literals always become `?`
// parameters; identifiers only ever become declared field names.
#include "records/filter.h"

#include <cctype>
#include <charconv>

#include "records/filter_lexer.h"
#include "records/record_codec.h"

namespace cairn::records {
namespace {

using filter_internal::Invalid;
using filter_internal::Lex;
using filter_internal::Token;
using filter_internal::TokenKind;
using storage::SqlFragment;
using storage::SqlParams;
using util::Error;

// SQLite 3.40 parses 26 alternating levels inside the list query (its page and count wrap the
// filter in a few more): 20 leaves room for the wrapping to grow.
constexpr int kMaxNesting = 20;

void Append(SqlParams& to, const SqlParams& from) { to.insert(to.end(), from.begin(), from.end()); }

// ---- Operands ------------------------------------------------------------------------------

struct Operand {
  enum class Kind { kLiteral, kScalar, kMulti } kind = Kind::kLiteral;
  // Literal: the value; scalar: an SQL expression; multi: the item expression.
  std::string sql;
  SqlParams params;
  // Multi: rows of the items ("FROM ... WHERE ...").
  std::string from;
  std::string where;
  SqlParams where_params;
  // Literal details.
  bool is_null = false;
  bool is_string = false;
  std::string text;
};

// Resolves identifiers against declarations, building relation hops as subqueries.
class PathResolver {
 public:
  PathResolver(const CollectionRegistry& registry, const Visibility& visibility, int* alias_counter)
      : registry_(registry), visibility_(visibility), alias_counter_(alias_counter) {}

  util::Result<Operand> Resolve(const std::string& path, const CollectionSpec& root,
                                std::string_view root_alias) {
    std::vector<std::string> segments;
    size_t start = 0;
    while (true) {
      size_t dot = path.find('.', start);
      segments.push_back(
          path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    for (const auto& s : segments) {
      if (s.empty()) return Invalid("malformed field path \"" + path + "\"");
    }
    if (segments.size() > kMaxRelationDepth + 1) {
      return Invalid("\"" + path + "\" goes through more than 6 relations");
    }
    const CollectionSpec* collection = &root;
    std::string alias(root_alias);
    std::string from, where;
    SqlParams where_params;
    bool multi = false;
    for (size_t i = 0; i + 1 < segments.size(); ++i) {
      const std::string& name = segments[i];
      const std::string next_alias = NewAlias("r");
      const FieldSpec* field = collection->FindField(name);
      const CollectionSpec* target = nullptr;
      std::string join_from, join_where;
      if (field && !field->private_field &&
          (field->type == FieldType::kRelation || field->IsDerived())) {
        if (field->IsDerived()) {
          target = registry_.Find(field->derived_from_collection);
          if (!target) return Invalid("unknown relation \"" + name + "\"");
          join_from = QuoteIdentifier(target->name) + " " + next_alias;
          join_where =
              next_alias + "." + QuoteIdentifier(field->derived_from_field) + " = " + alias + ".id";
          multi = true;
        } else {
          target = registry_.Find(field->relation_target);
          if (!target) return Invalid("unknown relation \"" + name + "\"");
          if (field->multiple) {
            const std::string each = NewAlias("je");
            join_from = "json_each(" + ColumnExpression(*field, alias) + ") " + each + ", " +
                        QuoteIdentifier(target->name) + " " + next_alias;
            join_where = next_alias + ".id = " + each + ".value";
            multi = true;
          } else {
            join_from = QuoteIdentifier(target->name) + " " + next_alias;
            join_where = next_alias + ".id = " + ColumnExpression(*field, alias);
          }
        }
      } else if (auto via = name.find("_via_"); !field && via != std::string::npos) {
        target = registry_.Find(name.substr(0, via));
        const FieldSpec* back = target ? target->FindField(name.substr(via + 5)) : nullptr;
        if (!target || target->name != name.substr(0, via) || !back ||
            back->type != FieldType::kRelation || back->relation_target != collection->name) {
          return Invalid("unknown back-relation \"" + name + "\"");
        }
        join_from = QuoteIdentifier(target->name) + " " + next_alias;
        if (back->multiple) {
          join_where = "EXISTS (SELECT 1 FROM json_each(" + next_alias + "." +
                       QuoteIdentifier(back->name) + ") WHERE value = " + alias + ".id)";
        } else {
          join_where = next_alias + "." + QuoteIdentifier(back->name) + " = " + alias + ".id";
        }
        multi = true;
      } else {
        return Invalid("\"" + name + "\" in \"" + path + "\" is not a relation of " +
                       collection->name);
      }
      SqlFragment view = visibility_.ViewCondition(*target, next_alias);
      from += (from.empty() ? "" : ", ") + join_from;
      where += (where.empty() ? "" : " AND ") + join_where + " AND (" + view.sql + ")";
      Append(where_params, view.params);
      collection = target;
      alias = next_alias;
    }
    const std::string& last = segments.back();
    const FieldSpec* field = collection->FindField(last);
    if (!field || field->private_field) {
      return Invalid("unknown field \"" + last + "\"" +
                     (segments.size() > 1 ? " in \"" + path + "\"" : std::string()));
    }
    std::string item = field->IsDerived() ? std::string() : ColumnExpression(*field, alias);
    SqlParams from_params;
    if (field->IsMultiValued()) {
      // Only the items the caller may see: `trails ?= "<id>"` must not reveal a hidden trail.
      SqlFragment items =
          VisibleFieldExpression(*collection, *field, alias, registry_, visibility_);
      const std::string each = NewAlias("je");
      from += (from.empty() ? "" : ", ") + std::string("json_each(") + items.sql + ") " + each;
      from_params = std::move(items.params);
      item = each + ".value";
      multi = true;
    }
    Operand operand;
    if (from.empty()) {
      operand.kind = Operand::Kind::kScalar;
      operand.sql = item;
      return operand;
    }
    if (!multi) {
      operand.kind = Operand::Kind::kScalar;
      operand.sql = "(SELECT " + item + " FROM " + from + " WHERE " + where + " LIMIT 1)";
      operand.params = where_params;
      return operand;
    }
    operand.kind = Operand::Kind::kMulti;
    operand.sql = item;
    operand.from = from;
    operand.where = where.empty() ? "1" : where;
    // The FROM clause's params come before the WHERE clause's in the statement text.
    operand.where_params = std::move(from_params);
    Append(operand.where_params, where_params);
    return operand;
  }

 private:
  std::string NewAlias(const char* prefix) {
    return std::string(prefix) + std::to_string(++*alias_counter_);
  }

  const CollectionRegistry& registry_;
  const Visibility& visibility_;
  int* alias_counter_;
};

// ---- Parser / compiler -----------------------------------------------------------------------

// A number token as an integer when it is one and fits, otherwise as a finite double.
util::Result<storage::SqlValue> ParseNumber(const Token& token) {
  const char* begin = token.text.data();
  const char* end = begin + token.text.size();
  int64_t integer = 0;
  if (auto [ptr, ec] = std::from_chars(begin, end, integer); ec == std::errc() && ptr == end) {
    return storage::SqlValue(integer);
  }
  double real = 0;
  if (auto [ptr, ec] = std::from_chars(begin, end, real); ec == std::errc() && ptr == end) {
    return storage::SqlValue(real);
  }
  return Invalid("the number at position " + std::to_string(token.position) + " is out of range");
}

// Escapes the LIKE wildcards that the caller did not escape already, keeping `\%` literal.
std::string EscapeLike(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\\' && i + 1 < text.size()) {
      out += c;
      out += text[++i];
      continue;
    }
    if (c == '\\' || c == '%' || c == '_') out += '\\';
    out += c;
  }
  return out;
}

bool HasUnescapedPercent(const std::string& text) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
    } else if (text[i] == '%') {
      return true;
    }
  }
  return false;
}

class FilterCompiler {
 public:
  FilterCompiler(std::vector<Token> tokens, const CollectionSpec& collection,
                 std::string_view alias, PathResolver& resolver)
      : tokens_(std::move(tokens)), collection_(collection), alias_(alias), resolver_(resolver) {}

  util::Result<SqlFragment> Compile() {
    CAIRN_ASSIGN_OR_RETURN(SqlFragment out, ParseOr(0));
    if (Peek().kind != TokenKind::kEnd) return Unexpected();
    return out;
  }

 private:
  const Token& Peek() const { return tokens_[position_]; }
  const Token& Next() { return tokens_[position_++]; }

  Error Unexpected() const {
    const Token& t = Peek();
    if (t.kind == TokenKind::kEnd) return Invalid("unexpected end of input");
    return Invalid("unexpected \"" + t.text + "\" at position " + std::to_string(t.position));
  }

  // `a || b || c` and `a && b && c` become one flat, parenthesised chain each: SQLite's parser
  // handles long flat chains but overflows its stack on deeply nested parentheses.
  util::Result<SqlFragment> ParseOr(int depth) {
    CAIRN_ASSIGN_OR_RETURN(SqlFragment chain, ParseAnd(depth));
    bool joined = false;
    while (Peek().kind == TokenKind::kOr) {
      Next();
      CAIRN_ASSIGN_OR_RETURN(SqlFragment right, ParseAnd(depth));
      chain.sql += " OR " + right.sql;
      Append(chain.params, right.params);
      joined = true;
    }
    if (joined) chain.sql = "(" + chain.sql + ")";
    return chain;
  }

  util::Result<SqlFragment> ParseAnd(int depth) {
    CAIRN_ASSIGN_OR_RETURN(SqlFragment chain, ParsePrimary(depth));
    bool joined = false;
    while (Peek().kind == TokenKind::kAnd) {
      Next();
      CAIRN_ASSIGN_OR_RETURN(SqlFragment right, ParsePrimary(depth));
      chain.sql += " AND " + right.sql;
      Append(chain.params, right.params);
      joined = true;
    }
    if (joined) chain.sql = "(" + chain.sql + ")";
    return chain;
  }

  util::Result<SqlFragment> ParsePrimary(int depth) {
    if (Peek().kind == TokenKind::kOpen) {
      if (depth >= kMaxNesting) return Invalid("parentheses nested too deeply");
      Next();
      CAIRN_ASSIGN_OR_RETURN(SqlFragment inner, ParseOr(depth + 1));
      if (Peek().kind != TokenKind::kClose) return Unexpected();
      Next();
      return inner;
    }
    if (++expressions_ > kMaxFilterExpressions) return Invalid("too many expressions");
    CAIRN_ASSIGN_OR_RETURN(Operand left, ParseOperand());
    if (Peek().kind != TokenKind::kOperator) return Unexpected();
    const std::string op = Next().text;
    CAIRN_ASSIGN_OR_RETURN(Operand right, ParseOperand());
    return Compare(std::move(left), op, std::move(right));
  }

  util::Result<Operand> ParseOperand() {
    const Token& t = Peek();
    Operand operand;
    switch (t.kind) {
      case TokenKind::kString:
        operand.params.emplace_back(t.text);
        operand.sql = "?";
        operand.is_string = true;
        operand.text = t.text;
        break;
      case TokenKind::kNumber: {
        auto number = ParseNumber(t);
        if (!number.ok()) return std::move(number).error();
        operand.params.push_back(std::move(number).value());
        operand.sql = "?";
        operand.text = t.text;
        break;
      }
      case TokenKind::kIdentifier:
        if (t.text == "true" || t.text == "false") {
          operand.params.emplace_back(int64_t{t.text == "true" ? 1 : 0});
          operand.sql = "?";
        } else if (t.text == "null") {
          operand.is_null = true;
          operand.sql = "NULL";
        } else {
          auto resolved = resolver_.Resolve(t.text, collection_, alias_);
          if (!resolved.ok()) return std::move(resolved).error();
          operand = std::move(resolved).value();
        }
        break;
      default:
        return Unexpected();
    }
    Next();
    return operand;
  }

  // The condition comparing two single values.
  static SqlFragment Condition(const Operand& left, const std::string& op, const Operand& right) {
    const Operand* literal_empty = nullptr;
    const Operand* other = nullptr;
    auto empty_like = [](const Operand& o) {
      return o.kind == Operand::Kind::kLiteral && (o.is_null || (o.is_string && o.text.empty()));
    };
    if (empty_like(right))
      literal_empty = &right, other = &left;
    else if (empty_like(left))
      literal_empty = &left, other = &right;
    if (literal_empty && (op == "=" || op == "!=")) {
      // PocketBase treats "" and NULL alike.
      SqlFragment f;
      f.sql = op == "=" ? "(" + other->sql + " IS NULL OR " + other->sql + " = '')"
                        : "(" + other->sql + " IS NOT NULL AND " + other->sql + " != '')";
      Append(f.params, other->params);
      Append(f.params, other->params);
      return f;
    }
    SqlFragment f;
    if (op == "~" || op == "!~") {
      std::string pattern_sql;
      SqlParams pattern_params;
      if (right.kind == Operand::Kind::kLiteral) {
        const std::string& text = right.text;
        std::string pattern = HasUnescapedPercent(text) ? text : "%" + EscapeLike(text) + "%";
        pattern_sql = "?";
        pattern_params.emplace_back(pattern);
      } else {
        pattern_sql = "('%' || " + right.sql + " || '%')";
        pattern_params = right.params;
      }
      f.sql =
          "(" + left.sql + (op == "~" ? " LIKE " : " NOT LIKE ") + pattern_sql + " ESCAPE '\\')";
      Append(f.params, left.params);
      Append(f.params, pattern_params);
      return f;
    }
    std::string sql_op = op;
    if (left.kind != Operand::Kind::kLiteral && right.kind != Operand::Kind::kLiteral) {
      if (op == "=") sql_op = "IS";
      if (op == "!=") sql_op = "IS NOT";
    }
    f.sql = "(" + left.sql + " " + sql_op + " " + right.sql + ")";
    Append(f.params, left.params);
    Append(f.params, right.params);
    return f;
  }

  util::Result<SqlFragment> Compare(Operand left, std::string op, Operand right) {
    const bool any = op[0] == '?';
    if (any) op.erase(0, 1);
    const bool left_multi = left.kind == Operand::Kind::kMulti;
    const bool right_multi = right.kind == Operand::Kind::kMulti;
    if (left_multi && right_multi) return Invalid("cannot compare two multi-valued fields");
    if (!left_multi && !right_multi) return Condition(left, op, right);
    const Operand& multi = left_multi ? left : right;
    SqlFragment condition = Condition(left, op, right);
    const std::string rows = "SELECT 1 FROM " + multi.from + " WHERE (" + multi.where + ")";
    SqlFragment out;
    if (any) {
      out.sql = "EXISTS (" + rows + " AND " + condition.sql + ")";
      Append(out.params, multi.where_params);
      Append(out.params, condition.params);
      return out;
    }
    // Match-all (PocketBase's default for multi-valued operands): at least one item, and no item
    // that fails. A NULL comparison counts as a failure.
    out.sql = "(EXISTS (" + rows + ") AND NOT EXISTS (" + rows + " AND NOT IFNULL(" +
              condition.sql + ", 0)))";
    Append(out.params, multi.where_params);
    Append(out.params, multi.where_params);
    Append(out.params, condition.params);
    return out;
  }

  std::vector<Token> tokens_;
  size_t position_ = 0;
  size_t expressions_ = 0;
  const CollectionSpec& collection_;
  std::string alias_;
  PathResolver& resolver_;
};

}  // namespace

util::Result<SqlFragment> CompileFilter(std::string_view filter, const CollectionSpec& collection,
                                        const CollectionRegistry& registry, std::string_view alias,
                                        const Visibility& visibility) {
  if (filter.find_first_not_of(" \t\r\n") == std::string_view::npos) return SqlFragment{"1", {}};
  if (filter.size() > kMaxFilterLength) {
    return Invalid("longer than " + std::to_string(kMaxFilterLength) + " characters");
  }
  CAIRN_ASSIGN_OR_RETURN(auto tokens, Lex(filter));
  int aliases = 0;
  PathResolver resolver(registry, visibility, &aliases);
  FilterCompiler compiler(std::move(tokens), collection, alias, resolver);
  return compiler.Compile();
}

util::Result<SqlFragment> CompileSort(std::string_view sort, const CollectionSpec& collection,
                                      const CollectionRegistry& registry, std::string_view alias,
                                      const Visibility& visibility) {
  SqlFragment out;
  if (sort.find_first_not_of(" \t") == std::string_view::npos) return out;
  int aliases = 100;  // distinct from the filter's aliases in the same statement
  PathResolver resolver(registry, visibility, &aliases);
  size_t count = 0;
  size_t start = 0;
  while (start <= sort.size()) {
    size_t comma = sort.find(',', start);
    if (comma == std::string_view::npos) comma = sort.size();
    std::string item(sort.substr(start, comma - start));
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (item.empty()) return Error::InvalidArgument("Invalid sort: empty item");
    if (++count > kMaxSortExpressions) {
      return Error::InvalidArgument("Invalid sort: more than 8 fields");
    }
    std::string expression;
    if (item == "@random") {
      expression = "RANDOM()";
    } else {
      bool descending = item[0] == '-';
      if (item[0] == '-' || item[0] == '+') item.erase(0, 1);
      for (char c : item) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.')) {
          return Error::InvalidArgument("Invalid sort: \"" + item + "\" is not a field");
        }
      }
      auto operand = resolver.Resolve(item, collection, alias);
      if (!operand.ok()) {
        return Error::InvalidArgument(
            "Invalid sort: " +
            operand.error().message.substr(filter_internal::kInvalidFilterPrefix.size()));
      }
      if (operand->kind != Operand::Kind::kScalar) {
        return Error::InvalidArgument("Invalid sort: \"" + item + "\" has several values");
      }
      expression = operand->sql + (descending ? " DESC" : " ASC");
      Append(out.params, operand->params);
    }
    out.sql += (out.sql.empty() ? "" : ", ") + expression;
    start = comma + 1;
  }
  return out;
}

}  // namespace cairn::records
