# Writes schema.sql into a C++ source as a raw string literal (run with -DINPUT= -DOUTPUT=).
file(READ ${INPUT} content)
file(WRITE ${OUTPUT}
  "// Generated from schema.sql; do not edit.\n"
  "#include \"storage/schema.h\"\n"
  "namespace cairn::storage {\n"
  "const char* const kSchemaSql = R\"cairn_schema(${content})cairn_schema\";\n"
  "}  // namespace cairn::storage\n")
