# Cross build for 64-bit ARM (Raspberry Pi 3/4/5 with a 64-bit OS) on a Debian amd64 machine:
# Debian's cross compiler (g++-aarch64-linux-gnu) and the :arm64 -dev packages installed beside
# the native ones (multiarch, third_party/packages-arm64.txt). `make deb ARCH=arm64` uses it.
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
# Multiarch: arm64 libraries and their CMake packages live in /usr/lib/aarch64-linux-gnu, headers
# in /usr/include (shared by every architecture) with arch-specific ones in
# /usr/include/aarch64-linux-gnu, which the cross compiler searches itself.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# pkg-config must read the arm64 .pc files, never the build machine's.
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig")
# Test programs (and Catch2's test discovery at build time) run under qemu-user; the arm64 loader
# and libraries come from the same multiarch directories (qemu's -L prefix stays /).
find_program(CAIRN_QEMU_AARCH64 qemu-aarch64-static REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CAIRN_QEMU_AARCH64})
