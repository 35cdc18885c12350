// The `expand` parameter: a tree of relation paths resolved into nested records.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "records/record_codec.h"
#include "records/visibility.h"
#include "util/result.h"

namespace cairn::records {

// One level of an expand request: relation name -> what to expand below it.
struct ExpandTree {
  std::map<std::string, ExpandTree> children;
  // True at the root when an expand was asked for, even if none of its paths was usable; such
  // records then carry an empty `expand` object, as in PocketBase.
  bool requested = false;
  bool empty() const { return children.empty(); }
  // Adds the paths of another tree (used to merge default expands with the client's).
  void Merge(const ExpandTree& other);
};

// At most this many back-related records are expanded per parent record (PocketBase's limit).
inline constexpr int kMaxBackRelationExpand = 1000;

// Parses "a,b.c,x_via_y" against the declared relations of `collection` (single and multi
// relations, derived id lists, back-relations `<collection>_via_<field>`). As in PocketBase,
// paths naming something that is not a relation, or going deeper than 6 levels, are dropped
// without an error, so clients written for a richer schema keep working.
ExpandTree ParseExpand(std::string_view expand, const CollectionSpec& collection,
                       const CollectionRegistry& registry);

// Fills `expand.<name>` of each record with the related records the caller may see (one query per
// relation and level, never one per record). Expanded records are redacted like direct reads and
// cut to a relation's `expand_projection`. A relation with nothing visible leaves no key; when the
// tree is requested or non-empty every record gets an `expand` object, possibly empty.
util::Status ApplyExpand(storage::Connection& connection, const CollectionRegistry& registry,
                         const CollectionSpec& collection, std::vector<Json*>& records,
                         const ExpandTree& tree, const Visibility& visibility);

}  // namespace cairn::records
