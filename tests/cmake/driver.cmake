# Test driver for tests/cmake: cmake -DSTEP=<step> -D... -P driver.cmake
#
# Steps:
#   install       configure + build pakt (tests/examples off, the tool on) and install it into PREFIX
#   install_tree  install the calling build tree (BUILD_DIR) and run its pakt::pakt
#   consumer      build and run examples/cmake_consumer with CONSUMER_PAKT=MODE (package uses PREFIX)
#   incremental   pakt_generate() rebuilds exactly when a schema, an imported schema, a template,
#                 a back-end module or the pakt tool changes, a no-op build runs nothing (and
#                 re-checks no glob), schema errors fail the build with file:line:col diagnostics
#                 (GENERATOR: Ninja or Unix Makefiles)
#   no_jinja      configuring with a Python that lacks Jinja2 stops with the apt command
#   abi           generated headers refuse to compile against a runtime with another kRuntimeAbi
#                 (PAKT_TOOL: the pakt executable of the calling build)
#
# Common variables: SOURCE_DIR (pakt checkout), WORK_DIR (scratch, emptied first), GENERATOR,
# MAKE_PROGRAM, CXX_COMPILER, PYTHON, PREFIX.
cmake_minimum_required(VERSION 3.20)

foreach(var STEP SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER PYTHON)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "driver.cmake: -D${var}=... is required")
  endif()
endforeach()

# Arguments every configure gets: same generator, compiler and Python as the outer build; no
# optimization or debug info (only CMake behaviour is under test, so compile as fast as possible).
set(common_args -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DPython3_EXECUTABLE=${PYTHON}"
                -DCMAKE_BUILD_TYPE=None)
if(MAKE_PROGRAM AND GENERATOR STREQUAL "Ninja")
  list(APPEND common_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()

# run(<name> <command>...): runs a command, echoes its output, fails the test when it fails.
# The output is left in ${name}_output.
function(run name)
  list(JOIN ARGN " " shown)
  message("\n$ ${shown}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  message("${out}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "FAILED (${rc}): ${shown}")
  endif()
  set(${name}_output "${out}" PARENT_SCOPE)
endfunction()

# run_failing(<name> <command>...): like run() but the command must fail.
function(run_failing name)
  list(JOIN ARGN " " shown)
  message("\n$ ${shown}   (must fail)")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  message("${out}")
  if(rc EQUAL 0)
    message(FATAL_ERROR "SUCCEEDED but must fail: ${shown}")
  endif()
  set(${name}_output "${out}" PARENT_SCOPE)
endfunction()

function(expect_match text regex what)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "expected ${what} (regex: ${regex})")
  endif()
endfunction()

function(expect_no_match text regex what)
  if(text MATCHES "${regex}")
    message(FATAL_ERROR "expected ${what} (matched: ${CMAKE_MATCH_0})")
  endif()
endfunction()

function(expect_exists path)
  if(NOT EXISTS "${path}")
    message(FATAL_ERROR "missing: ${path}")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

# ---------------------------------------------------------------------------------------------
if(STEP STREQUAL "install")
  if(NOT DEFINED BUILD_TOOLS)
    set(BUILD_TOOLS ON)  # the schema front end: pakt_generate() runs the installed bin/pakt
  endif()
  file(REMOVE_RECURSE "${PREFIX}")
  run(configure "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}/build" ${common_args}
      "-DCMAKE_INSTALL_PREFIX=${PREFIX}" -DPAKT_BUILD_TESTS=OFF -DPAKT_BUILD_EXAMPLES=OFF
      -DPAKT_BUILD_BENCH=OFF -DPAKT_BUILD_TOOLS=ON)
  run(build "${CMAKE_COMMAND}" --build "${WORK_DIR}/build" -j2)
  run(install "${CMAKE_COMMAND}" --install "${WORK_DIR}/build")
  # Godot and Photon headers are in their folders: generated headers include pakt/godot/mapping.hpp.
  foreach(file include/pakt/pakt.hpp include/pakt/version.hpp include/pakt/godot/variant.hpp
               include/pakt/godot/mapping.hpp include/pakt/godot/format.hpp
               include/pakt/photon/type_registry.hpp include/pakt/photon/pun_types.hpp
               lib/cmake/pakt/paktConfig.cmake lib/cmake/pakt/paktConfigVersion.cmake
               lib/cmake/pakt/paktTargets.cmake share/pakt/cmake/PaktGenerate.cmake
               share/pakt/generator/pakt_gen/__main__.py share/pakt/generator/pakt_gen/cli.py
               share/pakt/generator/pakt_gen/cpp/templates/header.h.j2
               share/pakt/generator/pakt_gen/cpp/templates/source.cpp.j2 bin/pakt)
    expect_exists("${PREFIX}/${file}")
  endforeach()
  file(GLOB_RECURSE caches "${PREFIX}/share/pakt/generator/*.pyc")
  if(caches)
    message(FATAL_ERROR "bytecode caches were installed: ${caches}")
  endif()
  # 0.1.0 moved the Godot and Photon headers into pakt/godot/ and pakt/photon/, with no forwarding headers.
  foreach(gone share/pakt/generator/pakt-gen share/pakt/generator/pakt_gen/loader.py
               include/pakt/godot_mapping.hpp include/pakt/godot_format.hpp
               include/pakt/type_registry.hpp include/pakt/pun_types.hpp)
    if(EXISTS "${PREFIX}/${gone}")
      message(FATAL_ERROR "installed, but no longer part of pakt: ${PREFIX}/${gone}")
    endif()
  endforeach()
  # Internal headers of the tool and the tests (tools/internal) stay out of the installed include/.
  foreach(internal include/pakt/godot/hex.hpp include/pakt_internal)
    if(EXISTS "${PREFIX}/${internal}")
      message(FATAL_ERROR "installed, but internal to pakt's tool and tests: ${PREFIX}/${internal}")
    endif()
  endforeach()
  if(BUILD_TOOLS)
    # The installed tool finds the installed back end on its own.
    run(generator "${PREFIX}/bin/pakt" generate --lang cpp --out "${WORK_DIR}/gen" --python "${PYTHON}"
        "${SOURCE_DIR}/examples/cmake_consumer/chat.yaml")
    expect_exists("${WORK_DIR}/gen/chat.pakt.h")
    expect_exists("${WORK_DIR}/gen/chat.pakt.cpp")
    # Every back end runs from the installed tree, with the files it copies next to its output.
    run(generator_csharp "${PREFIX}/bin/pakt" generate --lang csharp --out "${WORK_DIR}/gen_cs" --python "${PYTHON}"
        "${SOURCE_DIR}/examples/cmake_consumer/chat.yaml")
    expect_exists("${WORK_DIR}/gen_cs/chat.pakt.cs")
    expect_exists("${WORK_DIR}/gen_cs/Pakt.Runtime.cs")
    run(generator_gdscript "${PREFIX}/bin/pakt" generate --lang gdscript --godot 3 --out "${WORK_DIR}/gen_gd"
        --python "${PYTHON}" "${SOURCE_DIR}/examples/cmake_consumer/chat.yaml")
    expect_exists("${WORK_DIR}/gen_gd/chat.pakt.gd")
    expect_exists("${WORK_DIR}/gen_gd/pakt_runtime.gd")
  endif()

# ---------------------------------------------------------------------------------------------
elseif(STEP STREQUAL "install_tree")
  # Installs the build tree that runs this test (already built: nothing is compiled) and uses the
  # pakt::pakt executable it exports.
  run(install "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${WORK_DIR}/prefix")
  expect_exists("${WORK_DIR}/prefix/bin/pakt")
  file(WRITE "${WORK_DIR}/src/CMakeLists.txt" [=[
cmake_minimum_required(VERSION 3.20)
project(pakt_cli_user LANGUAGES CXX)
find_package(pakt 0.1 CONFIG REQUIRED COMPONENTS runtime godot photon godot_json pfr pakt)
foreach(target runtime godot photon godot_json pfr pakt)
  if(NOT pakt_${target}_FOUND OR NOT TARGET pakt::${target})
    message(FATAL_ERROR "find_package(pakt) gave no pakt::${target}")
  endif()
endforeach()
if(NOT COMMAND pakt_generate OR NOT COMMAND pakt_add_library)
  message(FATAL_ERROR "find_package(pakt) gave no pakt_generate() / pakt_add_library()")
endif()
get_target_property(location pakt::pakt IMPORTED_LOCATION_NOCONFIG)
foreach(config RELWITHDEBINFO RELEASE DEBUG MINSIZEREL NONE)
  if(NOT location)
    get_target_property(location pakt::pakt IMPORTED_LOCATION_${config})
  endif()
endforeach()
message(STATUS "pakt::pakt is ${location}")
enable_testing()
add_test(NAME pakt_cli_help COMMAND pakt::pakt --help)
set_tests_properties(pakt_cli_help PROPERTIES PASS_REGULAR_EXPRESSION "usage: pakt")
]=])
  run(configure "${CMAKE_COMMAND}" -S "${WORK_DIR}/src" -B "${WORK_DIR}/build" ${common_args}
      "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix")
  expect_match("${configure_output}" "pakt::pakt is ${WORK_DIR}/prefix/bin/pakt" "the installed executable")
  run(ctest "${CMAKE_CTEST_COMMAND}" --test-dir "${WORK_DIR}/build" --output-on-failure)
  # A component this package does not have fails find_package with a clear message.
  file(WRITE "${WORK_DIR}/bad/CMakeLists.txt" [=[
cmake_minimum_required(VERSION 3.20)
project(pakt_bad_component LANGUAGES NONE)
find_package(pakt CONFIG REQUIRED COMPONENTS protobuf)
]=])
  run_failing(bad "${CMAKE_COMMAND}" -S "${WORK_DIR}/bad" -B "${WORK_DIR}/bad-build" -G "${GENERATOR}"
              "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix")
  expect_match("${bad_output}" "unknown component 'protobuf'" "the unknown-component message")

# ---------------------------------------------------------------------------------------------
elseif(STEP STREQUAL "consumer")
  set(args "-DCONSUMER_PAKT=${MODE}" "-DCONSUMER_PAKT_SOURCE_DIR=${SOURCE_DIR}")
  if(MODE STREQUAL "package")
    list(APPEND args "-DCMAKE_PREFIX_PATH=${PREFIX}")
  endif()
  run(configure "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/examples/cmake_consumer" -B "${WORK_DIR}/build"
      ${common_args} ${args})
  run(build "${CMAKE_COMMAND}" --build "${WORK_DIR}/build" -j2)
  expect_match("${build_output}" "pakt: generating chat\\.pakt\\.h" "the schema to be generated")
  run(consumer "${WORK_DIR}/build/consumer")
  expect_match("${consumer_output}" "compact .*round trip ok.*mslima .*round trip ok" "the consumer's round trips")
  run(ctest "${CMAKE_CTEST_COMMAND}" --test-dir "${WORK_DIR}/build" --output-on-failure)
  # pakt::pakt, the tool that generated the code, runs in every mode.
  expect_match("${ctest_output}" "consumer_pakt_cli \\.+ +Passed" "pakt::pakt to run in ${MODE} mode")
  if(NOT MODE STREQUAL "package")
    # As a subproject, pakt builds its tool (the schema front end) but neither its tests, examples
    # nor benchmarks, and installs nothing.
    foreach(pakt_bin "${WORK_DIR}/build/pakt" "${WORK_DIR}/build/_deps/pakt-build")
      foreach(dir tests examples bench)
        if(EXISTS "${pakt_bin}/${dir}")
          message(FATAL_ERROR "pakt configured its ${dir} as a subproject: ${pakt_bin}/${dir}")
        endif()
      endforeach()
    endforeach()
    run(install "${CMAKE_COMMAND}" --install "${WORK_DIR}/build" --prefix "${WORK_DIR}/prefix")
    if(EXISTS "${WORK_DIR}/prefix/include/pakt")
      message(FATAL_ERROR "pakt installed its files into the parent project's installation")
    endif()
  endif()

# ---------------------------------------------------------------------------------------------
elseif(STEP STREQUAL "incremental")
  # Private copies: the test touches and breaks the schemas and touches generator files.
  file(COPY "${SOURCE_DIR}/tests/cmake/incremental/" DESTINATION "${WORK_DIR}/src")
  file(COPY "${PREFIX}/" DESTINATION "${WORK_DIR}/prefix")
  set(src "${WORK_DIR}/src")
  set(bin "${WORK_DIR}/build")
  set(generator_dir "${WORK_DIR}/prefix/share/pakt/generator")
  run(configure "${CMAKE_COMMAND}" -S "${src}" -B "${bin}" ${common_args}
      "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix")

  # build_expect(<label> <regenerated stems...>): builds, checks exactly those schemas were
  # regenerated, then builds again and checks that the second build does nothing.
  function(build_expect label)
    message("\n=== ${label}")
    run(build "${CMAKE_COMMAND}" --build "${bin}")
    foreach(stem match units)
      if(stem IN_LIST ARGN)
        expect_match("${build_output}" "pakt: generating ${stem}\\.pakt\\.h" "${label}: ${stem}.yaml regenerated")
      else()
        expect_no_match("${build_output}" "pakt: generating ${stem}\\.pakt\\.h" "${label}: ${stem}.yaml not regenerated")
      endif()
    endforeach()
    run(again "${CMAKE_COMMAND}" --build "${bin}")
    if(GENERATOR STREQUAL "Ninja")
      expect_match("${again_output}" "ninja: no work to do" "${label}: a no-op second build")
    endif()
    # The back end's files are listed, not globbed: a no-op build re-checks nothing.
    expect_no_match("${again_output}" "pakt: generating|Building CXX|Linking CXX|Re-checking globbed|Re-running CMake"
                    "${label}: a no-op second build")
  endfunction()

  function(touch_later path)
    execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 1.1)  # beyond any file system's time resolution
    file(TOUCH "${path}")
  endfunction()

  build_expect("first build" match units)
  run(exe "${bin}/incremental")  # compact, mslima and godot4 round trips
  touch_later("${src}/match.yaml")
  build_expect("touched the schema" match)
  touch_later("${src}/common/units.yaml")
  build_expect("touched the imported schema (depfile)" match units)
  touch_later("${generator_dir}/pakt_gen/cpp/templates/header.h.j2")
  build_expect("touched a template" match units)
  touch_later("${generator_dir}/pakt_gen/cpp/literals.py")
  build_expect("touched a back-end module" match units)
  touch_later("${generator_dir}/pakt_gen/descriptor.py")
  build_expect("touched the descriptor reader" match units)
  touch_later("${WORK_DIR}/prefix/bin/pakt")
  build_expect("touched the pakt tool" match units)

  # A schema error fails the build with clickable file:line:col diagnostics (absolute path).
  file(READ "${src}/match.yaml" good)
  string(REPLACE "type: uint16" "type: uint17" bad "${good}")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 1.1)
  file(WRITE "${src}/match.yaml" "${bad}")
  run_failing(broken "${CMAKE_COMMAND}" --build "${bin}")
  expect_match("${broken_output}" "(^|\n)${src}/match\\.yaml:[0-9]+:[0-9]+: error: [^\n]*uint17"
               "the front end's diagnostic with an absolute path")
  file(WRITE "${src}/match.yaml" "${good}")
  build_expect("fixed the schema" match)

# ---------------------------------------------------------------------------------------------
elseif(STEP STREQUAL "no_jinja")
  # python3 -S: no site-packages, hence no Jinja2 (the interpreter itself works).
  file(WRITE "${WORK_DIR}/python3" "#!/bin/sh\nexec \"${PYTHON}\" -S \"$@\"\n")
  file(CHMOD "${WORK_DIR}/python3" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  list(FILTER common_args EXCLUDE REGEX "^-DPython3_EXECUTABLE=")
  run_failing(configure "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/examples/cmake_consumer" -B "${WORK_DIR}/build"
              ${common_args} "-DPython3_EXECUTABLE=${WORK_DIR}/python3" -DCONSUMER_PAKT=subdirectory
              "-DCONSUMER_PAKT_SOURCE_DIR=${SOURCE_DIR}")
  string(REGEX REPLACE "[ \n]+" " " configure_output "${configure_output}")  # undo message() wrapping
  expect_match("${configure_output}" "lacks Jinja2" "the missing-module diagnosis")
  expect_match("${configure_output}" "sudo apt-get install python3-jinja2" "the apt command")

# ---------------------------------------------------------------------------------------------
elseif(STEP STREQUAL "abi")
  # A header generated for ABI N must compile against the runtime of ABI N only. Forge both
  # directions: a header from a generator of another ABI, and a runtime of another ABI.
  if(NOT PAKT_TOOL)
    message(FATAL_ERROR "driver.cmake: STEP abi needs -DPAKT_TOOL=<the pakt executable>")
  endif()
  run(generate "${PAKT_TOOL}" generate --lang cpp --out "${WORK_DIR}/gen" --formats compact --python "${PYTHON}"
      "${SOURCE_DIR}/examples/cmake_consumer/chat.yaml")
  file(READ "${WORK_DIR}/gen/chat.pakt.h" header)
  if(NOT header MATCHES "static_assert\\((::)?pakt::kRuntimeAbi == ([0-9]+),")
    message(FATAL_ERROR "the generated header has no static_assert(pakt::kRuntimeAbi == N, ...)")
  endif()
  set(abi "${CMAKE_MATCH_2}")
  math(EXPR other "${abi} + 1")
  file(WRITE "${WORK_DIR}/use.cpp" "#include \"chat.pakt.h\"\nint main() { return 0; }\n")
  set(compile "${CXX_COMPILER}" -std=c++17 -fsyntax-only "${WORK_DIR}/use.cpp")

  # Control: the real header against the real runtime compiles.
  run(control ${compile} -I "${WORK_DIR}/gen" -I "${SOURCE_DIR}/runtime/include")

  # A header generated for ABI N+1 (a newer back end) against this runtime.
  string(REPLACE "pakt::kRuntimeAbi == ${abi}," "pakt::kRuntimeAbi == ${other}," old "${header}")
  string(REPLACE "for pakt runtime ABI ${abi}" "for pakt runtime ABI ${other}" old "${old}")
  file(WRITE "${WORK_DIR}/newer_gen/chat.pakt.h" "${old}")
  run_failing(newer_header ${compile} -I "${WORK_DIR}/newer_gen" -I "${SOURCE_DIR}/runtime/include")
  expect_match("${newer_header_output}" "chat\\.pakt\\.h was generated for pakt runtime ABI ${other}; regenerate it"
               "the static_assert message")

  # This header against a runtime whose version.hpp says ABI N+1.
  file(READ "${SOURCE_DIR}/runtime/include/pakt/version.hpp" version)
  string(REGEX REPLACE "kRuntimeAbi = [0-9]+;" "kRuntimeAbi = ${other};" version "${version}")
  file(WRITE "${WORK_DIR}/newer_runtime/pakt/version.hpp" "${version}")
  run_failing(newer_runtime ${compile} -I "${WORK_DIR}/gen" -I "${WORK_DIR}/newer_runtime"
              -I "${SOURCE_DIR}/runtime/include")
  expect_match("${newer_runtime_output}" "chat\\.pakt\\.h was generated for pakt runtime ABI ${abi}; regenerate it"
               "the static_assert message")

  # An imported file generated with fewer codecs (`--formats`) than the file that imports it: one
  # static_assert naming the file, the codec and the fix, not a missing overload in the runtime.
  file(WRITE "${WORK_DIR}/formats/base.yaml"
       "package: formats.base\nversion: 1\nenums:\n  Mode: {values: {a: 0, b: 1}}\nmessages:\n  Pos:\n"
       "    fields:\n      - {name: x, type: int32}\n")
  # A file that holds only an enum of base calls none of base's codecs: it compiles either way.
  file(WRITE "${WORK_DIR}/formats/mode_only.yaml"
       "package: formats.mode\nversion: 1\nimports: [base.yaml]\nmessages:\n  Setting:\n    fields:\n"
       "      - {name: m, type: Mode}\n")
  file(WRITE "${WORK_DIR}/formats/use_mode.cpp" "#include \"mode_only.pakt.h\"\nint main() { return 0; }\n")
  file(WRITE "${WORK_DIR}/formats/top.yaml"
       "package: formats.top\nversion: 1\nimports: [base.yaml]\nmessages:\n  Unit:\n    fields:\n"
       "      - {name: p, type: Pos}\n      - {name: ps, type: \"Pos[]\"}\n")
  file(WRITE "${WORK_DIR}/formats/use.cpp" "#include \"top.pakt.h\"\nint main() { return 0; }\n")
  set(compile_top "${CXX_COMPILER}" -std=c++17 -fsyntax-only "${WORK_DIR}/formats/use.cpp" -I "${WORK_DIR}/formats"
      -I "${SOURCE_DIR}/runtime/include")
  foreach(base_formats compact,json json,godot)
    run(generate_base "${PAKT_TOOL}" generate --lang cpp --out "${WORK_DIR}/formats" --formats ${base_formats}
        --python "${PYTHON}" "${WORK_DIR}/formats/base.yaml")
    run(generate_top "${PAKT_TOOL}" generate --lang cpp --out "${WORK_DIR}/formats" --formats compact
        --python "${PYTHON}" "${WORK_DIR}/formats/top.yaml" "${WORK_DIR}/formats/mode_only.yaml")
    run(formats_enum_only "${CXX_COMPILER}" -std=c++17 -fsyntax-only "${WORK_DIR}/formats/use_mode.cpp"
        -I "${WORK_DIR}/formats" -I "${SOURCE_DIR}/runtime/include")
    if(base_formats STREQUAL "compact,json")  # control: the imported file has the codec and more
      run(formats_control ${compile_top})
    else()
      run_failing(formats_missing ${compile_top})
      expect_match("${formats_missing_output}"
                   "base\\.pakt\\.h has no compact codec, which top\\.pakt\\.h uses: regenerate base\\.pakt\\.h with at least the --formats of top\\.pakt\\.h"
                   "the static_assert on the imported file's codecs")
    endif()
  endforeach()

else()
  message(FATAL_ERROR "driver.cmake: unknown STEP '${STEP}'")
endif()
message("\n${STEP} ${MODE}${GENERATOR}: OK")
