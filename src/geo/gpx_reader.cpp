// PLACEHOLDER: the GPX reader is being written; this stub keeps the build green meanwhile.
#include "geo/readers.h"

namespace cairn::geo {

util::Result<Track> ReadGpx(std::string_view) {
  return util::Error::InvalidArgument("GPX: reading is not implemented yet");
}

}  // namespace cairn::geo
