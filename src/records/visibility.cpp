// The visibility that hides nothing.
#include "records/visibility.h"

namespace cairn::records {
namespace {

class UnrestrictedVisibility final : public Visibility {
 public:
  storage::SqlFragment ViewCondition(const CollectionSpec&, std::string_view) const override {
    return {"1", {}};
  }
};

}  // namespace

const Visibility& Unrestricted() {
  static const UnrestrictedVisibility kInstance;
  return kInstance;
}

}  // namespace cairn::records
