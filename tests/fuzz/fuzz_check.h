// CHECK for the fuzz targets that state promises of their own: a broken one aborts with its file,
// line and condition, so libFuzzer's crash file explains itself.
#pragma once

#include <cstdio>
#include <cstdlib>

#define CHECK(condition)                                                          \
  do {                                                                            \
    if (!(condition)) {                                                           \
      std::fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                               \
    }                                                                             \
  } while (false)
