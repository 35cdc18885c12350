// scratch (not committed): time pieces of a search query on a kept bench database.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include "storage/database.h"
namespace cairn::storage {
namespace {
TEST_CASE("scratch sql timing", "[.scratch3]") {
  auto db = std::move(Database::Open({std::getenv("DB"), 1})).value();
  std::ifstream in(std::getenv("SQLFILE"));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    // params after a tab, separated by tabs
    std::vector<std::string> parts;
    std::stringstream ss(line);
    std::string part;
    while (std::getline(ss, part, '\t')) parts.push_back(part);
    SqlParams params;
    for (size_t i = 1; i < parts.size(); ++i) {
      const std::string& v = parts[i];
      char* end = nullptr;
      if (!v.empty() && v.find_first_not_of("-0123456789") == std::string::npos) {
        params.emplace_back(static_cast<int64_t>(std::strtoll(v.c_str(), &end, 10)));
      } else if (!v.empty() && v.find_first_not_of("-0123456789.e+") == std::string::npos) {
        params.emplace_back(std::strtod(v.c_str(), &end));
      } else {
        params.emplace_back(v);
      }
    }
    std::vector<double> times;
    size_t rows = 0;
    std::string first;
    for (int r = 0; r < 9; ++r) {
      auto start = std::chrono::steady_clock::now();
      auto result = db->Read<QueryResult>([&](Connection& c) { return c.Query(parts[0], params); });
      times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
      if (!result.ok()) { std::printf("ERROR %s\n", result.error().message.c_str()); break; }
      rows = result->rows.size();
      if (rows && result->rows[0].size()) { auto* i = std::get_if<int64_t>(&result->rows[0][0]); first = i ? std::to_string(*i) : "?"; }
    }
    std::sort(times.begin(), times.end());
    if (parts[0].rfind("EXPLAIN", 0) == 0) {
      auto plan = db->Read<QueryResult>([&](Connection& c) { return c.Query(parts[0], params); });
      if (plan.ok()) for (auto& row : plan->rows) std::printf("      plan: %s\n", std::get<std::string>(row[3]).c_str());
      continue;
    }
    std::printf("%7.2f ms rows %zu first %s  %.110s\n", times[times.size() / 2], rows, first.c_str(), parts[0].c_str());
  }
}
}  // namespace
}  // namespace cairn::storage
