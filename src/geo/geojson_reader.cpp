// PLACEHOLDER: the GeoJSON reader is being written; this stub keeps the build green meanwhile.
#include "geo/readers.h"

namespace cairn::geo {

util::Result<Track> ReadGeoJson(std::string_view) {
  return util::Error::InvalidArgument("GeoJSON: reading is not implemented yet");
}

}  // namespace cairn::geo
