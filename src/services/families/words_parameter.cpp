#include "services/families/words_parameter.h"

namespace cairn::services {

ListParameter WordsParameter(const search::SearchIndex& index) {
  return {"q",
          [&index](std::string_view q, const Caller&,
                   storage::Connection& connection) -> util::Result<records::ListCondition> {
            CAIRN_ASSIGN_OR_RETURN(storage::SqlFragment matching,
                                   search::MatchingRecords(connection, index, "t", q));
            return records::ListCondition::Same(std::move(matching));
          }};
}

}  // namespace cairn::services
