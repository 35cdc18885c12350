// PLACEHOLDER: the TCX reader is being written; this stub keeps the build green meanwhile.
#include "geo/readers.h"

namespace cairn::geo {

util::Result<Track> ReadTcx(std::string_view) {
  return util::Error::InvalidArgument("TCX: reading is not implemented yet");
}

}  // namespace cairn::geo
