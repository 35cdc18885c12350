# Turns a Leaflet plugin published as an IIFE ("use strict";var NAME=(()=>{...})();, esbuild's
# browser build, which reads a global `L`) into an ES module the web app can import() when it
# needs it (run with -DINPUT= -DOUTPUT= -DNAME= -DTITLE= -DLICENSE=).
#
# Loaded as a classic script the IIFE would need `window.L`, and the app has no global Leaflet: it
# imports Leaflet's ES module (web/lib/map.js). So, as cmake/leaflet_plugin.cmake does for the
# marker clusters, `L` becomes a module-local copy of the embedded Leaflet's namespace (one
# Leaflet in the page: the plugin extends the very classes the app uses), the IIFE's result is
# the module's default export instead of a global, and the source-map comment (the map is not
# embedded) is dropped. The licence notice (TITLE, then the text of LICENSE) goes on top.
cmake_minimum_required(VERSION 3.25)

file(READ ${INPUT} content)
set(opening "\"use strict\";var ${NAME}=(()=>{")
string(FIND "${content}" "${opening}" first)
if(NOT first EQUAL 0)
  message(FATAL_ERROR "${INPUT}: does not start with `${opening}`; has the package changed?")
endif()
# A bare import or require would need a module the build does not embed.
if(content MATCHES "(^|[;}])import[ *{\"]|require\\(\"")
  message(FATAL_ERROR "${INPUT}: loads other modules; embed what it needs too")
endif()
string(REGEX REPLACE "\n//# sourceMappingURL=[^\n]*\n?$" "\n" content "${content}")
file(READ ${LICENSE} licence)
string(REPLACE "*/" "* /" licence "${licence}")
file(WRITE ${OUTPUT}.tmp
  "/* @preserve\n"
  " * ${TITLE}\n"
  " * Made an ES module over the embedded Leaflet by Cairn's cmake/iife_module.cmake.\n"
  " *\n"
  "${licence}\n"
  " */\n"
  "import*as Leaflet from\"../leaflet/leaflet.esm.min.js\";const L={...Leaflet};\n"
  "${content}"
  "export default ${NAME};\n")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUTPUT}.tmp)
