// One lookup of the related record's field per agreement, bound by id.
#include "services/core/relation_agreement.h"

namespace cairn::services {
namespace {

std::string TextOf(const records::Json& record, const std::string& field) {
  auto it = record.find(field);
  return it != record.end() && it->is_string() ? it->get<std::string>() : "";
}

}  // namespace

util::Status SettleAgreements(storage::Connection& connection, const Family& family,
                              const records::Json& stored, records::WriteMode mode,
                              records::Json& values) {
  for (const RelationAgreement& agreement : family.definition.agreements) {
    const bool sets_field = values.contains(agreement.field);
    if (!sets_field && !values.contains(agreement.equals_field)) continue;
    const std::string target_id = TextOf(sets_field ? values : stored, agreement.field);
    if (target_id.empty()) continue;
    const records::FieldSpec* field = family.spec->FindField(agreement.field);
    if (!field) return util::Error::Internal("no field " + agreement.field);
    const std::string wanted =
        TextOf(values.contains(agreement.equals_field) ? values : stored, agreement.equals_field);
    CAIRN_ASSIGN_OR_RETURN(
        auto rows,
        connection.Query("SELECT " + records::QuoteIdentifier(agreement.target_field) + " FROM " +
                             records::QuoteIdentifier(field->relation_target) + " WHERE id = ?",
                         {target_id}));
    const auto* actual = rows.rows.empty() ? nullptr : std::get_if<std::string>(&rows.rows[0][0]);
    if (actual && *actual == wanted) continue;
    if (!sets_field) {
      values[agreement.field] = "";
      continue;
    }
    return util::Error::InvalidField(records::FailureMessage(mode), agreement.field,
                                     "validation_invalid_value", agreement.message);
  }
  return util::OkStatus();
}

}  // namespace cairn::services
