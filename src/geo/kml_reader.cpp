// PLACEHOLDER: the KML reader is being written; this stub keeps the build green meanwhile.
#include "geo/readers.h"

namespace cairn::geo {

util::Result<Track> ReadKml(std::string_view) {
  return util::Error::InvalidArgument("KML: reading is not implemented yet");
}

}  // namespace cairn::geo
