// Meilisearch filters -> parameterised SQL. Values only ever become `?` parameters; attribute
// names only ever select one of the caller's trusted SQL expressions.
#include "services/search/search_filter.h"

#include <algorithm>
#include <utility>

#include "services/search/search_filter_parser.h"
#include "util/text.h"

namespace cairn::services::search {
namespace {

using filter_internal::InvalidFilter;
using filter_internal::Node;
using filter_internal::Operator;
using filter_internal::OperatorName;
using filter_internal::Quoted;
using filter_internal::Word;
using storage::SqlFragment;
using storage::SqlParams;
using storage::SqlValue;

// SQLite 3.40 parses with a fixed stack of 100 symbols: an operand nested as `x AND (` holds three
// of them, one that comes first inside `(` holds one, and the statement around the filter holds
// about ten. Its expression trees may be 1000 deep, and a flat chain of n ANDs is n deep. Pieces
// carry estimates of both; with these bounds the deepest accepted shapes still parse with ten
// levels of parentheses to spare (measured against SQLite in search_filter_test.cpp).
constexpr int kMaxParserStack = 80;
constexpr int kMaxExpressionHeight = 800;
// AND/OR chains are written flat in groups of this many: short enough that a group adds little
// height, long enough that 1000 conditions need only four levels of groups.
constexpr size_t kChainGroup = 8;

// A compiled expression: always an atom ("(...)", "0" or "1"), so it composes without care for
// precedence.
struct Piece {
  std::string sql;
  SqlParams params;
  int stack = 1;   // parser stack symbols needed to parse it
  int height = 1;  // depth of its expression tree
};

void Append(SqlParams& to, SqlParams from) {
  to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
}

// The deepest parenthesis nesting of `sql`, outside quoted literals and identifiers.
int ParenthesisDepth(std::string_view sql) {
  int depth = 0;
  int deepest = 0;
  char quote = 0;
  for (char c : sql) {
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ')') {
      --depth;
    }
  }
  return deepest;
}

// A condition's SQL as a piece, with its costs estimated from its parentheses.
Piece Leaf(std::string sql, SqlParams params) {
  const int depth = ParenthesisDepth(sql);
  return {std::move(sql), std::move(params), 3 * depth + 4, 2 * depth + 2};
}

Piece Constant(bool value) { return {value ? "1" : "0", {}, 1, 1}; }

// Whatever does not match `inner`, NULL included: `inner IS NOT 1` is never NULL.
Piece Complement(Piece inner) {
  return {"(" + inner.sql + " IS NOT 1)", std::move(inner.params), inner.stack + 1,
          inner.height + 1};
}

// `items` joined by `op` (" AND " or " OR "). The item that needs the most parser stack goes
// first, where its nesting costs least; chains longer than kChainGroup are grouped.
Piece Join(std::vector<Piece> items, const char* op) {
  if (items.size() == 1) return std::move(items[0]);
  auto deepest = std::max_element(items.begin(), items.end(),
                                  [](const Piece& a, const Piece& b) { return a.stack < b.stack; });
  std::rotate(items.begin(), deepest, deepest + 1);
  if (items.size() > kChainGroup) {
    std::vector<Piece> groups;
    for (size_t i = 0; i < items.size(); i += kChainGroup) {
      const size_t end = std::min(items.size(), i + kChainGroup);
      groups.push_back(Join(std::vector<Piece>(std::make_move_iterator(items.begin() + i),
                                               std::make_move_iterator(items.begin() + end)),
                            op));
    }
    return Join(std::move(groups), op);
  }
  // "(a0 op a1 op a2)" parses as ((a0 op a1) op a2): a0 and a1 sit k - 1 levels down, a2 one.
  const int k = static_cast<int>(items.size());
  Piece chain;
  chain.sql = "(";
  chain.stack = 0;
  chain.height = 0;
  for (int i = 0; i < k; ++i) {
    Piece& item = items[i];
    if (i > 0) chain.sql += op;
    chain.sql += item.sql;
    chain.stack = std::max(chain.stack, item.stack + (i == 0 ? 1 : 3));
    chain.height = std::max(chain.height, item.height + (i == 0 ? k - 1 : k - i));
    Append(chain.params, std::move(item.params));
  }
  chain.sql += ")";
  return chain;
}

class Compiler {
 public:
  Compiler(const std::vector<FilterAttribute>& filterable, const GeoCompiler& geo)
      : filterable_(filterable), geo_(geo) {}

  util::Result<Piece> Compile(const Node& node, std::string_view where) {
    switch (node.kind) {
      case Node::Kind::kAnd:
      case Node::Kind::kOr: {
        std::vector<Piece> items;
        for (const Node& child : node.children) {
          CAIRN_ASSIGN_OR_RETURN(Piece item, Compile(child, where));
          items.push_back(std::move(item));
        }
        return Join(std::move(items), node.kind == Node::Kind::kAnd ? " AND " : " OR ");
      }
      case Node::Kind::kNot: {
        CAIRN_ASSIGN_OR_RETURN(Piece inner, Compile(node.children[0], where));
        return Complement(std::move(inner));
      }
      case Node::Kind::kGeoRadius:
      case Node::Kind::kGeoBoundingBox: {
        const bool radius = node.kind == Node::Kind::kGeoRadius;
        if (radius ? !geo_.radius : !geo_.box) return NotFilterable(where, node.column, "_geo");
        SqlFragment f = radius ? geo_.radius(node.geo[0], node.geo[1], node.geo[2])
                               : geo_.box(node.geo[0], node.geo[1], node.geo[2], node.geo[3]);
        return Leaf("(" + f.sql + ")", std::move(f.params));
      }
      case Node::Kind::kCondition:
        return CompileCondition(node, where);
    }
    return util::Error::Internal("unknown search filter node");
  }

 private:
  util::Error NotFilterable(std::string_view where, size_t column, std::string_view name) const {
    std::vector<std::string> names;
    for (const FilterAttribute& a : filterable_) names.push_back(a.name);
    std::sort(names.begin(), names.end());
    std::string what = "attribute " + Quoted(name) + " is not filterable. ";
    if (names.empty()) {
      what += "This index has no filterable attributes.";
    } else {
      what += "Available filterable attributes are: ";
      for (size_t i = 0; i < names.size(); ++i) what += (i ? ", `" : "`") + names[i] + "`";
      what += ".";
    }
    return InvalidFilter(where, column, what);
  }

  util::Result<SqlValue> Value(const FilterAttribute& attribute, const Word& word,
                               std::string_view where) const {
    switch (attribute.type) {
      case AttributeType::kNumber:
        if (auto number = filter_internal::ParseNumber(word.text)) return *number;
        return InvalidFilter(
            where, word.column,
            Quoted(attribute.name) + " is a number: expected a number, found " + Quoted(word.text));
      case AttributeType::kBool:
        if (util::EqualsIgnoringAsciiCase(word.text, "true") || word.text == "1") {
          return SqlValue(int64_t{1});
        }
        if (util::EqualsIgnoringAsciiCase(word.text, "false") || word.text == "0") {
          return SqlValue(int64_t{0});
        }
        return InvalidFilter(where, word.column,
                             Quoted(attribute.name) +
                                 " is true or false: expected `true` or `false`, found " +
                                 Quoted(word.text));
      case AttributeType::kText:
      case AttributeType::kTextList:
        break;
    }
    return SqlValue(word.text);
  }

  util::Result<Piece> CompileCondition(const Node& node, std::string_view where) {
    const FilterAttribute* attribute = nullptr;
    for (const FilterAttribute& a : filterable_) {
      if (a.name == node.attribute.text) attribute = &a;
    }
    if (!attribute) return NotFilterable(where, node.attribute.column, node.attribute.text);
    const Operator op = node.op;
    const bool ordered = op == Operator::kGreater || op == Operator::kGreaterOrEqual ||
                         op == Operator::kLess || op == Operator::kLessOrEqual ||
                         op == Operator::kBetween;
    if (ordered && attribute->type == AttributeType::kBool) {
      return InvalidFilter(where, node.column,
                           std::string(OperatorName(op)) + " cannot be used on " +
                               Quoted(attribute->name) + ", which is true or false");
    }
    // The attribute's own values come first: its expression stands before the tested values.
    SqlParams params = attribute->params;
    for (const Word& word : node.values) {
      CAIRN_ASSIGN_OR_RETURN(SqlValue value, Value(*attribute, word, where));
      params.push_back(std::move(value));
    }
    const std::string& x = attribute->sql;
    const bool list = attribute->type == AttributeType::kTextList;
    // What a value (or a list's element) is tested with.
    std::string test;
    switch (op) {
      case Operator::kEqual:
      case Operator::kNotEqual:
        test = " = ?";
        break;
      case Operator::kGreater:
        test = " > ?";
        break;
      case Operator::kGreaterOrEqual:
        test = " >= ?";
        break;
      case Operator::kLess:
        test = " < ?";
        break;
      case Operator::kLessOrEqual:
        test = " <= ?";
        break;
      case Operator::kBetween:
        test = " BETWEEN ? AND ?";
        break;
      case Operator::kIn:
      case Operator::kNotIn:
        if (params.size() == attribute->params.size()) return Constant(op == Operator::kNotIn);
        test = " IN (?";
        for (size_t i = attribute->params.size() + 1; i < params.size(); ++i) test += ", ?";
        test += ")";
        break;
      case Operator::kExists:
      case Operator::kIsNotNull:
        return Leaf("(" + x + " IS NOT NULL)", std::move(params));
      case Operator::kNotExists:
      case Operator::kIsNull:
        return Leaf("(" + x + " IS NULL)", std::move(params));
      case Operator::kIsEmpty:
      case Operator::kIsNotEmpty: {
        const bool empty = op == Operator::kIsEmpty;
        if (attribute->type == AttributeType::kNumber || attribute->type == AttributeType::kBool) {
          return Constant(!empty);
        }
        Piece is_empty = Leaf(list ? "(json_array_length(" + x + ") = 0)" : "(" + x + " = '')",
                              std::move(params));
        return empty ? is_empty : Complement(std::move(is_empty));
      }
    }
    const bool negated = op == Operator::kNotEqual || op == Operator::kNotIn;
    if (list) {
      return Leaf(std::string(negated ? "(NOT " : "(") + "EXISTS (SELECT 1 FROM json_each(" + x +
                      ") je WHERE je.value" + test + "))",
                  std::move(params));
    }
    if (op == Operator::kNotEqual) return Leaf("(" + x + " IS NOT ?)", std::move(params));
    Piece positive = Leaf("(" + x + test + ")", std::move(params));
    return negated ? Complement(std::move(positive)) : positive;
  }

  const std::vector<FilterAttribute>& filterable_;
  const GeoCompiler& geo_;
};

// One string of the filter and its name in messages.
struct FilterString {
  std::string_view text;
  std::string where;
};

bool IsBlank(std::string_view text) {
  return text.find_first_not_of(" \t\n\r\f") == std::string_view::npos;
}

size_t CharacterCount(std::string_view utf8) {
  size_t count = 0;
  for (char c : utf8) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return count;
}

// The filter's strings as groups: the groups are ANDed, the strings of a group ORed.
util::Result<std::vector<std::vector<FilterString>>> Strings(const nlohmann::json& filter) {
  std::vector<std::vector<FilterString>> groups;
  if (filter.is_null()) return groups;
  if (filter.is_string()) {
    groups.push_back({{filter.get_ref<const std::string&>(), ""}});
    return groups;
  }
  if (!filter.is_array()) {
    return InvalidFilter(
        "", 0, std::string("expected a string, an array or null, found ") + filter.type_name());
  }
  for (size_t i = 0; i < filter.size(); ++i) {
    const nlohmann::json& item = filter[i];
    const std::string where = "filter[" + std::to_string(i) + "]";
    if (item.is_string()) {
      groups.push_back({{item.get_ref<const std::string&>(), where}});
      continue;
    }
    if (!item.is_array()) {
      return InvalidFilter(
          "", 0, where + " must be a string or an array of strings, found " + item.type_name());
    }
    std::vector<FilterString> group;
    for (size_t j = 0; j < item.size(); ++j) {
      const std::string inner = where + "[" + std::to_string(j) + "]";
      if (!item[j].is_string()) {
        return InvalidFilter(
            "", 0, inner + " must be a string, found " + std::string(item[j].type_name()));
      }
      group.push_back({item[j].get_ref<const std::string&>(), inner});
    }
    groups.push_back(std::move(group));
  }
  return groups;
}

}  // namespace

util::Result<SqlFragment> CompileSearchFilter(const nlohmann::json& filter,
                                              const std::vector<FilterAttribute>& filterable,
                                              const GeoCompiler& geo) {
  CAIRN_ASSIGN_OR_RETURN(auto groups, Strings(filter));
  size_t length = 0;
  for (const auto& group : groups) {
    for (const FilterString& s : group) length += CharacterCount(s.text);
  }
  if (length > kMaxSearchFilterLength) {
    return InvalidFilter(
        "", 0,
        "the filter is longer than " + std::to_string(kMaxSearchFilterLength) + " characters");
  }
  filter_internal::ParseBudget budget;
  Compiler compiler(filterable, geo);
  std::vector<Piece> conjuncts;
  for (const auto& group : groups) {
    std::vector<Piece> disjuncts;
    for (const FilterString& s : group) {
      if (IsBlank(s.text)) continue;
      CAIRN_ASSIGN_OR_RETURN(Node node,
                             filter_internal::ParseFilterString(s.text, s.where, budget));
      CAIRN_ASSIGN_OR_RETURN(Piece piece, compiler.Compile(node, s.where));
      disjuncts.push_back(std::move(piece));
    }
    if (!disjuncts.empty()) conjuncts.push_back(Join(std::move(disjuncts), " OR "));
  }
  if (conjuncts.empty()) return SqlFragment{"1", {}};
  Piece all = Join(std::move(conjuncts), " AND ");
  if (all.stack > kMaxParserStack || all.height > kMaxExpressionHeight) {
    return InvalidFilter("", 0,
                         "the filter nests too deeply for the database; use fewer levels of "
                         "parentheses and `NOT`");
  }
  return SqlFragment{std::move(all.sql), std::move(all.params)};
}

}  // namespace cairn::services::search
