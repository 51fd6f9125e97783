# Installs npm photon-packet-parser@0.0.19 into the build tree for the cross-check (cmake -P, run by
# the ctest fixture photon_npm_install). A missing node or npm fails here, so the cross-check the
# docs list as verified never vanishes from the suite. Inputs: NODE, NPM, PREFIX.
foreach(tool NODE NPM)
  if(NOT EXISTS "${${tool}}")
    message(FATAL_ERROR "FAIL: ${tool} not found ('${${tool}}'); the photon-packet-parser cross-check "
                        "(photon_npm_cross_check) needs the Debian packages nodejs and npm")
  endif()
endforeach()

execute_process(COMMAND "${NPM}" install --ignore-scripts --no-audit --no-fund --prefer-offline --prefix "${PREFIX}"
                        --cache "${PREFIX}/cache" photon-packet-parser@0.0.19
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "FAIL: npm install photon-packet-parser@0.0.19 failed (${result}) in ${PREFIX}")
endif()
