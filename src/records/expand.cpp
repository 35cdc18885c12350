// Expand: batched loading of related records, level by level.
#include "records/expand.h"

#include <unordered_map>

#include "records/filter.h"

namespace cairn::records {
namespace {

// How one expand name is reached from its parent collection.
struct Hop {
  const CollectionSpec* target = nullptr;
  const FieldSpec* field = nullptr;       // forward relation or derived id list on the parent
  const FieldSpec* back_field = nullptr;  // back-relation: the field on `target` pointing here
};

std::optional<Hop> ResolveHop(std::string_view name, const CollectionSpec& collection,
                              const CollectionRegistry& registry) {
  if (const FieldSpec* field = collection.FindField(name)) {
    if (field->private_field) return std::nullopt;
    const std::string& target_name =
        field->IsDerived() ? field->derived_from_collection : field->relation_target;
    if (field->type != FieldType::kRelation && !field->IsDerived()) return std::nullopt;
    const CollectionSpec* target = registry.Find(target_name);
    if (!target) return std::nullopt;
    return Hop{target, field, nullptr};
  }
  auto via = name.find("_via_");
  if (via == std::string_view::npos) return std::nullopt;
  const CollectionSpec* target = registry.Find(name.substr(0, via));
  if (!target || target->name != name.substr(0, via)) return std::nullopt;
  const FieldSpec* back = target->FindField(name.substr(via + 5));
  if (!back || back->type != FieldType::kRelation || back->multiple ||
      back->relation_target != collection.name) {
    return std::nullopt;
  }
  return Hop{target, nullptr, back};
}

// Drops the paths that are not relations of `collection` or go deeper than the limit.
void Prune(ExpandTree& tree, const CollectionSpec& collection, const CollectionRegistry& registry,
           size_t depth) {
  for (auto it = tree.children.begin(); it != tree.children.end();) {
    auto hop =
        depth < kMaxRelationDepth ? ResolveHop(it->first, collection, registry) : std::nullopt;
    if (!hop) {
      it = tree.children.erase(it);
      continue;
    }
    Prune(it->second, *hop->target, registry, depth + 1);
    ++it;
  }
}

// Loads the visible records of `target` matching `where` (a condition on alias "x").
util::Result<std::vector<Json>> LoadRecords(storage::Connection& connection,
                                            const CollectionRegistry& registry,
                                            const CollectionSpec& target,
                                            const storage::SqlFragment& where,
                                            const Visibility& visibility) {
  storage::SqlFragment select = SelectList(target, "x", registry, visibility);
  storage::SqlFragment view = visibility.ViewCondition(target, "x");
  const std::string sql = "SELECT " + select.sql + " FROM " + QuoteIdentifier(target.name) +
                          " x WHERE (" + where.sql + ") AND (" + view.sql + ") ORDER BY x.rowid";
  storage::SqlParams params = std::move(select.params);
  params.insert(params.end(), where.params.begin(), where.params.end());
  params.insert(params.end(), view.params.begin(), view.params.end());
  CAIRN_ASSIGN_OR_RETURN(auto rows, connection.Query(sql, params));
  std::vector<Json> out;
  out.reserve(rows.rows.size());
  for (const auto& row : rows.rows) {
    out.push_back(RowToRecord(target, row));
    visibility.Redact(target, out.back());
  }
  return out;
}

// Loads the visible records of `target` whose single relation `back_field` points at one of
// `parent_ids`, at most kMaxBackRelationExpand per parent, oldest first.
util::Result<std::vector<Json>> LoadBackRelated(storage::Connection& connection,
                                                const CollectionRegistry& registry,
                                                const CollectionSpec& target,
                                                const FieldSpec& back_field,
                                                const std::vector<std::string>& parent_ids,
                                                const Visibility& visibility) {
  const std::string column = QuoteIdentifier(back_field.name);
  storage::SqlFragment parents = storage::IdIn("y." + column, parent_ids);
  storage::SqlFragment view = visibility.ViewCondition(target, "y");
  storage::SqlFragment capped;
  capped.sql =
      "x.rowid IN (SELECT r FROM (SELECT y.rowid AS r, row_number() OVER (PARTITION BY y." +
      column + " ORDER BY y.rowid) AS n FROM " + QuoteIdentifier(target.name) + " y WHERE (" +
      parents.sql + ") AND (" + view.sql +
      ")) WHERE n <= " + std::to_string(kMaxBackRelationExpand) + ")";
  capped.params = parents.params;
  capped.params.insert(capped.params.end(), view.params.begin(), view.params.end());
  // The outer query repeats the view condition; it is cheap on the few rows left.
  return LoadRecords(connection, registry, target, capped, visibility);
}

Json Project(const Json& record, const FieldSpec* field) {
  if (!field || field->expand_projection.empty()) return record;
  Json out = Json::object();
  for (const auto& key : field->expand_projection) {
    auto it = record.find(key);
    if (it != record.end()) out[key] = *it;
  }
  // What the client asked to expand below a projected record still belongs to it.
  if (auto nested = record.find("expand"); nested != record.end()) out["expand"] = *nested;
  return out;
}

util::Status ExpandLevel(storage::Connection& connection, const CollectionRegistry& registry,
                         const CollectionSpec& collection, std::vector<Json*>& records,
                         const ExpandTree& tree, const Visibility& visibility) {
  for (const auto& [name, child] : tree.children) {
    auto hop = ResolveHop(name, collection, registry);
    if (!hop) continue;  // checked by ParseExpand
    std::vector<Json> loaded;
    if (hop->field) {
      std::vector<std::string> ids;
      for (Json* record : records) {
        const Json& value = (*record)[hop->field->name];
        if (value.is_string() && !value.get<std::string>().empty()) {
          ids.push_back(value.get<std::string>());
        } else if (value.is_array()) {
          for (const auto& id : value) {
            if (id.is_string()) ids.push_back(id.get<std::string>());
          }
        }
      }
      std::sort(ids.begin(), ids.end());
      ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
      CAIRN_ASSIGN_OR_RETURN(loaded, LoadRecords(connection, registry, *hop->target,
                                                 storage::IdIn("x.id", ids), visibility));
    } else {
      std::vector<std::string> ids;
      for (Json* record : records) ids.push_back((*record)["id"].get<std::string>());
      CAIRN_ASSIGN_OR_RETURN(loaded, LoadBackRelated(connection, registry, *hop->target,
                                                     *hop->back_field, ids, visibility));
    }
    if (!child.empty() && !loaded.empty()) {
      std::vector<Json*> nested;
      for (auto& r : loaded) nested.push_back(&r);
      CAIRN_RETURN_IF_ERROR(
          ExpandLevel(connection, registry, *hop->target, nested, child, visibility));
    }
    std::unordered_map<std::string, const Json*> by_id;
    for (const auto& r : loaded) by_id[r["id"].get<std::string>()] = &r;
    // Back-related records grouped by the parent they point at, in load (creation) order.
    std::unordered_map<std::string, std::vector<const Json*>> by_parent;
    if (hop->back_field) {
      for (const auto& r : loaded) {
        const Json& parent = r[hop->back_field->name];
        if (parent.is_string()) by_parent[parent.get<std::string>()].push_back(&r);
      }
    }

    for (Json* record : records) {
      Json expanded;
      if (hop->field) {
        const Json& value = (*record)[hop->field->name];
        if (value.is_string()) {
          auto it = by_id.find(value.get<std::string>());
          if (it != by_id.end()) expanded = Project(*it->second, hop->field);
        } else if (value.is_array()) {
          expanded = Json::array();
          for (const auto& id : value) {
            auto it = id.is_string() ? by_id.find(id.get<std::string>()) : by_id.end();
            if (it != by_id.end()) expanded.push_back(Project(*it->second, hop->field));
          }
          if (expanded.empty()) expanded = nullptr;
        }
      } else {
        auto group = by_parent.find((*record)["id"].get<std::string>());
        if (group != by_parent.end()) {
          expanded = Json::array();
          for (const Json* r : group->second) expanded.push_back(*r);
        }
      }
      if (!expanded.is_null()) (*record)["expand"][name] = std::move(expanded);
    }
  }
  return util::OkStatus();
}

}  // namespace

void ExpandTree::Merge(const ExpandTree& other) {
  requested = requested || other.requested;
  for (const auto& [name, child] : other.children) children[name].Merge(child);
}

ExpandTree ParseExpand(std::string_view expand, const CollectionSpec& collection,
                       const CollectionRegistry& registry) {
  ExpandTree tree;
  tree.requested = expand.find_first_not_of(" ,") != std::string_view::npos;
  size_t start = 0;
  while (start <= expand.size()) {
    size_t comma = expand.find(',', start);
    if (comma == std::string_view::npos) comma = expand.size();
    std::string_view path = expand.substr(start, comma - start);
    while (!path.empty() && path.front() == ' ') path.remove_prefix(1);
    while (!path.empty() && path.back() == ' ') path.remove_suffix(1);
    // A path with an empty segment ("a..b", ".a") names nothing and is dropped whole.
    if (!path.empty() && path.find("..") == std::string_view::npos && path.front() != '.' &&
        path.back() != '.') {
      ExpandTree* node = &tree;
      size_t seg_start = 0;
      while (seg_start <= path.size()) {
        size_t dot = path.find('.', seg_start);
        if (dot == std::string_view::npos) dot = path.size();
        node = &node->children[std::string(path.substr(seg_start, dot - seg_start))];
        seg_start = dot + 1;
      }
    }
    start = comma + 1;
  }
  Prune(tree, collection, registry, 0);
  return tree;
}

util::Status ApplyExpand(storage::Connection& connection, const CollectionRegistry& registry,
                         const CollectionSpec& collection, std::vector<Json*>& records,
                         const ExpandTree& tree, const Visibility& visibility) {
  if ((tree.empty() && !tree.requested) || records.empty()) return util::OkStatus();
  for (Json* record : records) {
    if (!record->contains("expand")) (*record)["expand"] = Json::object();
  }
  return ExpandLevel(connection, registry, collection, records, tree, visibility);
}

}  // namespace cairn::records
