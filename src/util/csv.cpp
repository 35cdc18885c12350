// A single pass over the text, one state bit for "inside quotes".
#include "util/csv.h"

namespace cairn::util {

std::vector<CsvRow> ParseCsv(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::vector<CsvRow> rows;
  CsvRow row;
  std::string field;
  bool quoted = false;
  bool row_has_content = false;
  auto end_field = [&] {
    row.push_back(std::move(field));
    field.clear();
  };
  auto end_row = [&] {
    end_field();
    if (row_has_content || row.size() > 1 || !row[0].empty()) rows.push_back(std::move(row));
    row.clear();
    row_has_content = false;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field.push_back('"');
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field.push_back(c);
      }
      continue;
    }
    if (c == '"') {
      quoted = true;
      row_has_content = true;
    } else if (c == ',') {
      end_field();
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      end_row();
    } else {
      field.push_back(c);
    }
  }
  if (!field.empty() || !row.empty() || row_has_content) end_row();
  return rows;
}

}  // namespace cairn::util
