// The per-format structure checks behind CheckImage, one source file each (internal to images).
#pragma once

#include <string_view>

#include "images/image_check.h"
#include "util/result.h"

namespace cairn::images::internal {

// Each check is called on bytes whose first bytes already look like its format, and returns
// CheckImage's result for them.
util::Result<ImageInfo> CheckPng(std::string_view bytes);
util::Result<ImageInfo> CheckJpeg(std::string_view bytes);
util::Result<ImageInfo> CheckWebp(std::string_view bytes);
util::Result<ImageInfo> CheckSvg(std::string_view text);

// True when the first element of the XML text `text` (after a BOM, declaration, comments and
// DOCTYPE) is named svg, with or without a namespace prefix. Linear; never fails.
bool LooksLikeSvg(std::string_view text);

// InvalidArgument naming `format` ("PNG", ...) unless width and height are 1..65535 and
// width × height is at most kMaxImagePixels.
util::Status CheckPixelSize(const char* format, long long width, long long height);

}  // namespace cairn::images::internal
