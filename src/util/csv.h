// Comma-separated values as spreadsheets and exports write them (RFC 4180): quoted fields with
// doubled quotes, line breaks inside quotes, CRLF or LF rows, a UTF-8 byte order mark ignored.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cairn::util {

using CsvRow = std::vector<std::string>;

// Every row of `text`, empty lines skipped. Never fails: a quote left open runs to the end of the
// text, as spreadsheet programs read it.
std::vector<CsvRow> ParseCsv(std::string_view text);

}  // namespace cairn::util
