// Short ways to declare a family's fields: Text("name", 500), Required(...), Relation(...).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "records/collection.h"

namespace cairn::services::fields {

using records::FieldSpec;
using records::FieldType;
using records::OnDelete;

// Photos per record: wanderer's limit, enough for a long tour, small enough for one page.
inline constexpr size_t kMaxPhotos = 99;

inline FieldSpec Text(std::string name, size_t max_length = 0) {
  return {.name = std::move(name), .type = FieldType::kText, .max_length = max_length};
}
inline FieldSpec Number(std::string name, std::optional<double> min = std::nullopt,
                        std::optional<double> max = std::nullopt) {
  return {.name = std::move(name), .type = FieldType::kNumber, .min = min, .max = max};
}
// A number that may be unknown: null, never 0, when nothing set it.
inline FieldSpec OptionalNumber(std::string name, std::optional<double> min = std::nullopt) {
  FieldSpec f = Number(std::move(name), min);
  f.nullable = true;
  return f;
}
inline FieldSpec Integer(std::string name, std::optional<double> min = std::nullopt,
                         std::optional<double> max = std::nullopt) {
  FieldSpec f = Number(std::move(name), min, max);
  f.only_int = true;
  return f;
}
inline FieldSpec Bool(std::string name) {
  return {.name = std::move(name), .type = FieldType::kBool};
}
inline FieldSpec Date(std::string name) {
  return {.name = std::move(name), .type = FieldType::kDate};
}
inline FieldSpec DateTime(std::string name) {
  return {.name = std::move(name), .type = FieldType::kDateTime};
}
inline FieldSpec JsonField(std::string name) {
  return {.name = std::move(name), .type = FieldType::kJson};
}
inline FieldSpec Select(std::string name, std::vector<std::string> values) {
  return {.name = std::move(name), .type = FieldType::kSelect, .select_values = std::move(values)};
}
// Several of `values` at once, as a JSON array.
inline FieldSpec Selects(std::string name, std::vector<std::string> values) {
  FieldSpec f = Select(std::move(name), std::move(values));
  f.multiple = true;
  f.max_select = f.select_values.size();
  return f;
}
// A relation to `target`, and what deleting a target record does to this record.
inline FieldSpec Relation(std::string name, std::string target, OnDelete on_delete) {
  return {.name = std::move(name),
          .type = FieldType::kRelation,
          .relation_target = std::move(target),
          .on_delete = on_delete};
}
inline FieldSpec Relations(std::string name, std::string target, OnDelete on_delete,
                           size_t max_items = 0) {
  FieldSpec f = Relation(std::move(name), std::move(target), on_delete);
  f.multiple = true;
  f.max_select = max_items;
  return f;
}
inline FieldSpec File(std::string name) {
  return {.name = std::move(name), .type = FieldType::kFile, .max_select = 1};
}
inline FieldSpec Files(std::string name, size_t max_files = kMaxPhotos) {
  return {
      .name = std::move(name), .type = FieldType::kFile, .multiple = true, .max_select = max_files};
}
// The ids of `collection` records whose `field` points at this record (never written).
inline FieldSpec Derived(std::string name, std::string collection, std::string field) {
  return {.name = std::move(name),
          .type = FieldType::kRelation,
          .relation_target = collection,
          .derived_from_collection = collection,
          .derived_from_field = std::move(field)};
}

// Set by the server only, never by a body (a link share's token, a trail's map line).
inline FieldSpec ServerOnly(FieldSpec f) {
  f.server_only = true;
  return f;
}
// Not filterable or sortable by clients (a user's email).
inline FieldSpec Private(FieldSpec f) {
  f.private_field = true;
  return f;
}
// Must be present on create (and with `on_update`, on update too).
inline FieldSpec Required(FieldSpec f, bool on_update = false) {
  f.required = true;
  f.required_on_update = on_update;
  return f;
}
// When expanded through this relation, only these keys of the target are shown.
inline FieldSpec Projected(FieldSpec f, const std::vector<std::string>& keys) {
  f.expand_projection = keys;
  return f;
}

// The public profile of a user (spec 2.9), shown when an author is expanded.
inline const std::vector<std::string>& ProfileFields() {
  static const std::vector<std::string> kFields = {
      "avatar", "bio", "collectionId", "collectionName", "created", "id", "private", "username"};
  return kFields;
}
// The user fields shown on a share's expanded `user` (spec 2.4).
inline const std::vector<std::string>& ShareUserFields() {
  static const std::vector<std::string> kFields = {"avatar", "collectionId", "collectionName", "id",
                                                   "username"};
  return kFields;
}

}  // namespace cairn::services::fields
