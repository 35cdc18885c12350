// PLACEHOLDER: the FIT reader is being written; this stub keeps the build green meanwhile.
#include "geo/readers.h"

namespace cairn::geo {

util::Result<Track> ReadFit(std::string_view) {
  return util::Error::InvalidArgument("FIT: reading is not implemented yet");
}

}  // namespace cairn::geo
