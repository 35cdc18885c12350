// A file as it arrived in a request, before any check.
#pragma once

#include <string>
#include <string_view>

namespace cairn::services {

// Its bytes (the request's own buffer, not a copy) and the name the client gave it (only used to
// name the stored copy and, for a GPS file without a name inside, the trail).
struct UploadedFile {
  std::string_view bytes;
  std::string file_name;
};

}  // namespace cairn::services
