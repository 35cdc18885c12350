// The seam through which the engine asks "which rows may this caller see?" as SQL.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "records/collection.h"
#include "storage/sql_value.h"

namespace cairn::records {

// Produces the SQL condition under which a row of `collection`, aliased `alias`, is visible to
// the caller this object was made for. The same condition guards show, list, totals, expand and
// relation paths inside filters, so "invisible" and "absent" are one thing. Returns "1" for
// collections everyone may read. Implementations are immutable and thread-safe.
class Visibility {
 public:
  virtual ~Visibility() = default;
  virtual storage::SqlFragment ViewCondition(const CollectionSpec& collection,
                                             std::string_view alias) const = 0;

  // The rows a list shows, which may be fewer than those one can view by id (a private account
  // is found by its exact name, never browsed). The view condition unless overridden.
  virtual storage::SqlFragment ListCondition(const CollectionSpec& collection,
                                             std::string_view alias) const {
    return ViewCondition(collection, alias);
  }

  // ListCondition as alternatives whose OR it is (one when it is no OR), so that counting the rows
  // can take each alternative along its own index.
  virtual std::vector<storage::SqlFragment> ListConditionAlternatives(
      const CollectionSpec& collection, std::string_view alias) const {
    return {ListCondition(collection, alias)};
  }

  // Removes from a rendered record what this caller may not read (e.g. another user's email).
  virtual void Redact(const CollectionSpec& collection, nlohmann::json& record) const {}
  // The fields Redact reads to decide (`emailVisibility`): read whatever fields a caller names,
  // so that naming `email` alone still shows a visible email.
  virtual std::vector<std::string> FieldsRedactReads(const CollectionSpec& collection) const {
    return {};
  }
};

// Sees every row and redacts nothing: for the engine's own reads (ownership checks, cascades,
// records just written by a trusted path), never for what a caller is shown.
const Visibility& Unrestricted();

}  // namespace cairn::records
