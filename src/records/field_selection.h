// The `fields` list parameter: which members of rendered records a client wants, as PocketBase
// picks them (tools/picker), applied after the record is rendered.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "records/record_codec.h"
#include "util/result.h"

namespace cairn::records {

// At most this many names and this many characters in one `fields` value.
inline constexpr size_t kMaxSelectedFields = 100;
inline constexpr size_t kMaxFieldsLength = 1000;

// A parsed `fields` value: comma-separated names, each trimmed of spaces; empty names are
// skipped. A name selects that member whole; a dotted name selects inside it
// (`expand.author.username`), and inside every object of an array it holds (a multi-valued
// expand); `*` selects every member of its level that no other name narrows (`*,expand.author.id`
// keeps all fields but only the author's id). A member both named whole and narrowed is kept
// whole. Names that match nothing are ignored, so an unknown name selects nothing. Immutable
// and thread-safe once parsed.
class FieldSelection {
 public:
  // Everything (no `fields` parameter, or an empty one).
  FieldSelection() = default;

  // Parses `text`. InvalidArgument naming the field `fields` for more than kMaxSelectedFields
  // names or kMaxFieldsLength characters, and for a name with a modifier (PocketBase's
  // `:excerpt(...)`), which Cairn does not offer.
  static util::Result<FieldSelection> Parse(std::string_view text);

  // True when nothing is pruned.
  bool SelectsEverything() const { return everything_; }

  // The top-level members selected, or nothing when every member may be (no `fields`, or `*` at
  // the top). A reader may leave the others out of a record, which Prune would remove anyway.
  std::optional<std::vector<std::string>> TopLevelNames() const;

  // Removes from `record` (an object; anything else is left alone) the members not selected.
  void Prune(Json& record) const;

 private:
  struct Node {
    bool whole = false;  // the member is selected with everything in it
    bool all = false;    // `*`: members without their own node are selected whole
    std::map<std::string, Node, std::less<>> children;
  };
  static void PruneValue(const Node& node, Json& value);
  static void PruneObject(const Node& node, Json& object);

  bool everything_ = true;
  Node root_;
};

}  // namespace cairn::records
