// Writes small valid images into a folder, as starting points for the image fuzzers (libFuzzer
// would take long to find a PNG with right CRCs or a JPEG with an EXIF block on its own).
// usage: make_image_seeds DIR
#include <stb_image_write.h>
#include <webp/encode.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

void Save(const std::string& path, const std::string& bytes) {
  if (FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
  }
}

void Append(void* out, void* data, int size) {
  static_cast<std::string*>(out)->append(static_cast<const char*>(data), size);
}

void Le16(std::string& out, uint32_t v) {
  out += static_cast<char>(v & 0xFF);
  out += static_cast<char>(v >> 8 & 0xFF);
}
void Le32(std::string& out, uint32_t v) {
  Le16(out, v & 0xFFFF);
  Le16(out, v >> 16);
}
void Entry(std::string& out, uint16_t tag, uint16_t type, uint32_t count, uint32_t value) {
  Le16(out, tag);
  Le16(out, type);
  Le32(out, count);
  Le32(out, value);
}

// A little-endian TIFF block: orientation 6 in IFD0, a capture time, and a GPS position.
std::string ExifBlock() {
  const uint32_t ifd0 = 8, exif = ifd0 + 2 + 3 * 12 + 4, gps = exif + 2 + 12 + 4,
                 data = gps + 2 + 4 * 12 + 4;
  const std::string time = "2024:07:01 10:22:33";  // 20 bytes with its NUL
  std::string t = "II*";
  t += '\0';
  Le32(t, ifd0);
  Le16(t, 3);
  Entry(t, 0x0112, 3, 1, 6);
  Entry(t, 0x8769, 4, 1, exif);
  Entry(t, 0x8825, 4, 1, gps);
  Le32(t, 0);
  Le16(t, 1);
  Entry(t, 0x9003, 2, 20, data);
  Le32(t, 0);
  Le16(t, 4);
  Entry(t, 1, 2, 2, 'N');
  Entry(t, 2, 5, 3, data + 20);
  Entry(t, 3, 2, 2, 'E');
  Entry(t, 4, 5, 3, data + 44);
  Le32(t, 0);
  t += time + '\0';
  for (uint32_t v : {46u, 1u, 30u, 1u, 1830u, 100u, 7u, 1u, 15u, 1u, 0u, 1u}) Le32(t, v);
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const std::string dir = argv[1];
  constexpr int kW = 12, kH = 8;
  std::vector<uint8_t> rgba(kW * kH * 4);
  for (int i = 0; i < kW * kH; ++i) {
    rgba[i * 4] = static_cast<uint8_t>(i * 20);
    rgba[i * 4 + 1] = static_cast<uint8_t>(255 - i * 3);
    rgba[i * 4 + 2] = static_cast<uint8_t>(i % kW * 21);
    rgba[i * 4 + 3] = static_cast<uint8_t>(i % 3 ? 255 : 80);
  }
  std::vector<uint8_t> rgb;
  for (int i = 0; i < kW * kH; ++i) rgb.insert(rgb.end(), &rgba[i * 4], &rgba[i * 4 + 3]);
  std::string png, png_alpha, jpeg;
  stbi_write_png_to_func(Append, &png, kW, kH, 3, rgb.data(), kW * 3);
  stbi_write_png_to_func(Append, &png_alpha, kW, kH, 4, rgba.data(), kW * 4);
  stbi_write_jpg_to_func(Append, &jpeg, kW, kH, 3, rgb.data(), 80);
  Save(dir + "/seed.png", png);
  Save(dir + "/seed-alpha.png", png_alpha);
  Save(dir + "/seed.jpg", jpeg);
  const std::string exif = std::string("Exif\0\0", 6) + ExifBlock();
  std::string app1 = "\xFF\xE1";
  app1 += static_cast<char>((exif.size() + 2) >> 8);
  app1 += static_cast<char>((exif.size() + 2) & 0xFF);
  Save(dir + "/seed-exif.jpg", jpeg.substr(0, 2) + app1 + exif + jpeg.substr(2));
  uint8_t* out = nullptr;
  size_t size = WebPEncodeRGBA(rgba.data(), kW, kH, kW * 4, 80, &out);
  Save(dir + "/seed.webp", std::string(reinterpret_cast<char*>(out), size));
  WebPFree(out);
  size = WebPEncodeLosslessRGB(rgb.data(), kW, kH, kW * 3, &out);
  Save(dir + "/seed-lossless.webp", std::string(reinterpret_cast<char*>(out), size));
  WebPFree(out);
  Save(dir + "/seed.svg",
       "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" "
       "height=\"10\"><rect width=\"10\" height=\"10\" style=\"fill:red\"/></svg>\n");
  return 0;
}
