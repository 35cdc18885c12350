// Parsing `fields` into a tree of names, and pruning rendered JSON with it.
#include "records/field_selection.h"

#include <algorithm>
#include <iterator>

namespace cairn::records {
namespace {

std::string_view Trimmed(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

util::Error FieldsError(std::string code, std::string message) {
  return util::Error::InvalidField("Invalid fields.", "fields", std::move(code),
                                   std::move(message));
}

}  // namespace

util::Result<FieldSelection> FieldSelection::Parse(std::string_view text) {
  if (text.size() > kMaxFieldsLength) {
    return FieldsError("validation_max_text_constraint",
                       "Must be at most " + std::to_string(kMaxFieldsLength) + " characters.");
  }
  FieldSelection selection;
  size_t names = 0;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view name = Trimmed(text.substr(start, comma - start));
    start = comma + 1;
    if (name.empty()) continue;
    if (++names > kMaxSelectedFields) {
      return FieldsError("validation_too_many_values",
                         "Name at most " + std::to_string(kMaxSelectedFields) + " fields.");
    }
    if (name.find(':') != std::string_view::npos) {
      return FieldsError("validation_invalid_value",
                         "Field modifiers (such as :excerpt) are not supported.");
    }
    selection.everything_ = false;
    Node* node = &selection.root_;
    size_t from = 0;
    for (;;) {
      const size_t dot = std::min(name.find('.', from), name.size());
      const std::string_view segment = name.substr(from, dot - from);
      const bool last = dot == name.size();
      if (last && segment == "*") {
        node->all = true;
        break;
      }
      auto it = node->children.find(segment);
      if (it == node->children.end()) it = node->children.emplace(segment, Node{}).first;
      node = &it->second;
      if (last) {
        node->whole = true;
        break;
      }
      from = dot + 1;
    }
  }
  return selection;
}

std::optional<std::vector<std::string>> FieldSelection::TopLevelNames() const {
  if (everything_ || root_.all) return std::nullopt;
  std::vector<std::string> names;
  for (const auto& [name, node] : root_.children) names.push_back(name);
  return names;
}

void FieldSelection::Prune(Json& record) const {
  if (everything_ || !record.is_object()) return;
  PruneObject(root_, record);
}

void FieldSelection::PruneObject(const Node& node, Json& object) {
  for (auto it = object.begin(); it != object.end();) {
    auto child = node.children.find(it.key());
    if (child == node.children.end()) {
      it = node.all ? std::next(it) : object.erase(it);
      continue;
    }
    if (!child->second.whole) PruneValue(child->second, it.value());
    ++it;
  }
}

void FieldSelection::PruneValue(const Node& node, Json& value) {
  if (value.is_object()) {
    PruneObject(node, value);
  } else if (value.is_array()) {
    // Each object of an array (a multi-valued expand); other values are left as they are.
    for (Json& item : value) {
      if (item.is_object()) PruneObject(node, item);
    }
  }
  // A scalar asked for by a dotted name has nothing inside to choose: it stays whole.
}

}  // namespace cairn::records
