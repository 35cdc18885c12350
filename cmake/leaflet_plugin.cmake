# Makes Debian's ES-module build of Leaflet.markercluster (libjs-leaflet.markercluster) load in
# the browser beside the embedded Leaflet (run with -DINPUT= -DOUTPUT=).
#
# The plugin's one import is `import L from"leaflet"`: a bare name, which a browser resolves only
# through an import map (an inline script, which the page's Content-Security-Policy forbids), and
# a default export, which Leaflet's ES module build does not have. The plugin also adds its classes
# to that object (L.MarkerClusterGroup = ...), which a module namespace does not allow. So the
# import becomes Leaflet's own file beside it, the one web/lib/map.js imports (one Leaflet in the
# page, so the plugin extends the very classes the app uses), and `L` a plain copy of its
# namespace for the plugin to add to. Nothing else changes; the licence is stated at the top,
# as Leaflet's own file states its own (the minified plugin carries none).
cmake_minimum_required(VERSION 3.25)

file(READ ${INPUT} content)
set(bare_import "import L from\"leaflet\";")
string(FIND "${content}" "${bare_import}" first)
string(FIND "${content}" "${bare_import}" last REVERSE)
if(first EQUAL -1 OR NOT first EQUAL last)
  message(FATAL_ERROR "${INPUT}: expected exactly one `${bare_import}`; has the package changed?")
endif()
# The import of anything else would need a file the build does not embed.
string(REPLACE "${bare_import}" "" rest "${content}")
if(rest MATCHES "(^|[;}])import[ *{\"]|from\"")
  message(FATAL_ERROR "${INPUT}: imports more than Leaflet; embed what it needs too")
endif()
string(REPLACE "${bare_import}"
       "import*as Leaflet from\"./leaflet.esm.min.js\";const L={...Leaflet};" content "${content}")
# The minified file names no version; the readable one beside it does.
set(version "")
get_filename_component(folder ${INPUT} DIRECTORY)
if(EXISTS ${folder}/leaflet.markercluster.esm.js)
  file(READ ${folder}/leaflet.markercluster.esm.js head LIMIT 400)
  if(head MATCHES "Leaflet\\.markercluster ([0-9][0-9.]*)")
    set(version " ${CMAKE_MATCH_1}")
  endif()
endif()
file(WRITE ${OUTPUT}.tmp
  "/* @preserve\n"
  " * Leaflet.markercluster${version}, https://github.com/Leaflet/Leaflet.markercluster\n"
  " * (c) 2012-2017 Dave Leaver, smartrak. MIT licence (Expat); from Debian's\n"
  " * libjs-leaflet.markercluster (/usr/share/doc/libjs-leaflet.markercluster/copyright),\n"
  " * its Leaflet import pointed at the embedded Leaflet by Cairn's cmake/leaflet_plugin.cmake.\n"
  " */\n"
  "${content}")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUTPUT}.tmp)
