// Catch2 entry point shared by the unit and API test executables.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
