// Record id generation and shape checks.
#include "util/ids.h"

#include "util/random.h"

namespace cairn::util {

std::string NewRecordId() { return RandomString(kRecordIdLength, kLowerAlnum); }

bool IsRecordIdShape(std::string_view id) {
  if (id.size() != kRecordIdLength) return false;
  for (char c : id) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  }
  return true;
}

}  // namespace cairn::util
