// The value type that crosses the storage boundary: NULL, integer, real or text.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace cairn::storage {

using SqlValue = std::variant<std::monostate, int64_t, double, std::string>;
using SqlParams = std::vector<SqlValue>;

// A piece of SQL with its `?` placeholders' values, in order. Never holds user text inline.
struct SqlFragment {
  std::string sql;
  SqlParams params;
};

}  // namespace cairn::storage
