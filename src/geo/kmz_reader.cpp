// PLACEHOLDER: the KMZ reader is being written; this stub keeps the build green meanwhile.
#include "geo/readers.h"

namespace cairn::geo {

util::Result<Track> ReadKmz(std::string_view) {
  return util::Error::InvalidArgument("KMZ: reading is not implemented yet");
}

}  // namespace cairn::geo
