// Collection declarations: each collection's fixed id, name and fields, kept in one registry.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::records {

enum class FieldType {
  kText,      // TEXT, "" when empty
  kNumber,    // REAL, 0 when empty
  kBool,      // INTEGER 0/1
  kDate,      // TEXT "YYYY-MM-DD" (calendar date) or ""
  kDateTime,  // TEXT "YYYY-MM-DD HH:MM:SS.mmmZ" or "" (UTC; clients may send any ISO form)
  kSelect,    // TEXT, one of `select_values` or ""
  kRelation,  // TEXT id (single) or JSON array of ids (multiple)
  kFile,      // TEXT file name (single) or JSON array of names (multiple)
  kJson,      // TEXT holding JSON, NULL when empty
};

// What deleting a record does to the rows whose relation field names it.
enum class OnDelete {
  kRefuse,   // the delete fails (Conflict) while such a row exists: the safe default
  kCascade,  // those rows are deleted too, with what depends on them
  kUnlink,   // the id is taken out of the field ("" for a single relation)
};

// The item limit of multi-valued fields that declare none.
inline constexpr size_t kDefaultMaxSelect = 10000;

struct FieldSpec {
  std::string name;
  FieldType type = FieldType::kText;
  bool required = false;            // must be present (and non-empty) on create
  bool required_on_update = false;  // must be present on update too (the spec's update bodies)
  bool multiple = false;            // relation/file/select holding a JSON array
  bool system = false;              // id, created, updated: set by the engine only
  bool server_only = false;         // set by the server (a link share's token), never by bodies
  std::vector<std::string> select_values;
  std::string relation_target;             // target collection name for kRelation
  OnDelete on_delete = OnDelete::kRefuse;  // kRelation: when the target record is deleted
  // Numbers: integer-only and bounds.
  bool only_int = false;
  std::optional<double> min;
  std::optional<double> max;
  bool nullable = false;  // numbers: null when unknown (a column without a value), never 0
  size_t max_length = 0;  // texts: characters; 0 = default limit
  size_t max_select = 0;  // multi-valued fields: items; 0 = default limit
  // A derived field lists the ids of `derived_from_collection` records whose
  // `derived_from_field` points at this record (kept consistent by construction, never written).
  std::string derived_from_collection;
  std::string derived_from_field;
  // Not filterable or sortable by clients (e.g. a user's email).
  bool private_field = false;
  // When expanded through this relation, keep only these keys of the target (empty = all).
  std::vector<std::string> expand_projection;

  bool IsDerived() const { return !derived_from_collection.empty(); }
  bool IsMultiValued() const { return multiple || IsDerived(); }
};

struct CollectionSpec {
  std::string id;                 // fixed 15-char collectionId
  std::string name;               // collectionName, also the SQL table name
  std::vector<FieldSpec> fields;  // includes the system fields id, created, updated

  // Returns the field named `name`, or nullptr.
  const FieldSpec* FindField(std::string_view name) const;
};

// Returns the stored column of `field` for the row aliased `alias` ("t"."name"). Derived fields
// have no column; see VisibleFieldExpression in record_codec.h.
std::string ColumnExpression(const FieldSpec& field, std::string_view alias);

// Quotes an identifier that comes from a declaration (never from user input) for SQL.
std::string QuoteIdentifier(std::string_view name);

// All collections, looked up by name or id. Immutable after construction; thread-safe to read.
class CollectionRegistry {
 public:
  // Adds a collection and returns it as stored; the system fields id, created and updated are
  // prepended.
  const CollectionSpec* Add(CollectionSpec collection);

  const CollectionSpec* Find(std::string_view name_or_id) const;
  const std::vector<std::unique_ptr<CollectionSpec>>& All() const { return collections_; }

 private:
  std::vector<std::unique_ptr<CollectionSpec>> collections_;
};

}  // namespace cairn::records
