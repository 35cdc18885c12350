// Case folding of UTF-8 text, for names that must be unique however they are capitalised.
#pragma once

#include <string>
#include <string_view>

namespace cairn::util {

// `utf8` with upper-case letters mapped to lower case for ASCII, Latin-1, Latin Extended-A,
// Greek and Cyrillic (the scripts people name hikes and tags in), so "Höllental",
// "HÖLLENTAL" and "höllental" fold alike (and Greek final ς with σ). Accents are kept ("Höllental"
// is not "Hollental"); "ß" stays "ß". Invalid UTF-8 bytes are copied as they are. Pure;
// thread-safe.
std::string FoldCase(std::string_view utf8);

}  // namespace cairn::util
