# pakt_generate() and pakt_add_library(): generate C++ from pakt YAML schemas at build time.
#
#   pakt_generate(TARGET <existing target>
#                 [SCHEMAS <file.yaml>...]              # default: the *.yaml / *.yml sources of TARGET
#                 [FORMATS compact mslima godot json]   # codecs to emit; default: all
#                 [IMPORT_DIRS <dir>...]                # where `imports:` are looked up (after the schema's folder)
#                 [OUTPUT_DIR <dir>]                    # default: ${CMAKE_CURRENT_BINARY_DIR}/pakt/<target>
#                 [OUT_HEADERS <var>] [OUT_SOURCES <var>])
#
#   pakt_add_library(<name> SCHEMAS <file.yaml>... [FORMATS ...] [IMPORT_DIRS ...] [OUTPUT_DIR ...]
#                    [OUT_HEADERS <var>] [OUT_SOURCES <var>])
#
# pakt_generate() adds <stem>.pakt.h / <stem>.pakt.cpp of every schema to TARGET, OUTPUT_DIR to its
# (PUBLIC) include path and links pakt::runtime (PUBLIC), and pakt::godot when FORMATS has godot.
# pakt_add_library() is add_library(STATIC) plus pakt_generate().
#
# Every generated file is rebuilt when its schema, a schema it imports (through the generator's
# depfile), the pakt-gen script or any generator .py / .j2 file changes; a no-op build runs nothing.
# Schema errors fail the build with the generator's `/abs/path/file.yaml:LINE:COL: error: ...` lines.
# Relative SCHEMAS and IMPORT_DIRS are relative to the current source directory, a relative
# OUTPUT_DIR to the current binary directory. Configuration is passed as arguments only: no global
# or cache variable changes what this file does (the Python interpreter is the one FindPython3
# picks, so -DPython3_EXECUTABLE=... selects it).
#
# The file works from pakt's source tree (<root>/cmake, generator in <root>/generator) and from an
# installation (<prefix>/share/pakt/cmake, generator in <prefix>/share/pakt/generator).
include_guard(GLOBAL)
if(CMAKE_VERSION VERSION_LESS 3.20)  # DEPFILE with Makefile generators, CMAKE_CURRENT_FUNCTION_LIST_DIR
  message(FATAL_ERROR "pakt_generate() needs CMake 3.20 or newer (this is ${CMAKE_VERSION})")
endif()

# Python 3 with Jinja2 and PyYAML, checked once per configure, at the first pakt_generate() call (so
# projects that only use the runtime headers need no Python).
function(_pakt_find_python out_var)
  get_property(python GLOBAL PROPERTY _PAKT_GENERATOR_PYTHON)
  if(python)
    set(${out_var} "${python}" PARENT_SCOPE)
    return()
  endif()
  find_package(Python3 3.7 COMPONENTS Interpreter QUIET)
  if(NOT Python3_Interpreter_FOUND)
    message(FATAL_ERROR "pakt: the schema generator (pakt-gen) needs Python 3.7 or newer with Jinja2 and PyYAML. "
                        "Install them with:\n"
                        "  sudo apt-get install python3 python3-jinja2 python3-yaml\n"
                        "or point CMake at an interpreter with -DPython3_EXECUTABLE=/path/to/python3")
  endif()
  execute_process(COMMAND "${Python3_EXECUTABLE}" -c "import jinja2, yaml"
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    string(STRIP "${err}" err)
    string(REGEX REPLACE ".*\n" "" err "${err}")  # the last line: "ModuleNotFoundError: No module named 'jinja2'"
    message(FATAL_ERROR "pakt: ${Python3_EXECUTABLE} lacks Jinja2 or PyYAML, which the schema generator "
                        "(pakt-gen) needs (${err}). Install them with:\n"
                        "  sudo apt-get install python3-jinja2 python3-yaml\n"
                        "or point CMake at another interpreter with -DPython3_EXECUTABLE=/path/to/python3")
  endif()
  set_property(GLOBAL PROPERTY _PAKT_GENERATOR_PYTHON "${Python3_EXECUTABLE}")
  set(${out_var} "${Python3_EXECUTABLE}" PARENT_SCOPE)
endfunction()

function(pakt_generate)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;OUTPUT_DIR;OUT_HEADERS;OUT_SOURCES"
                        "SCHEMAS;FORMATS;IMPORT_DIRS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "pakt_generate: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_TARGET OR NOT TARGET "${arg_TARGET}")
    message(FATAL_ERROR "pakt_generate: TARGET must name an existing target (got '${arg_TARGET}')")
  endif()
  get_target_property(aliased ${arg_TARGET} ALIASED_TARGET)
  if(aliased)
    set(arg_TARGET "${aliased}")
  endif()
  get_target_property(type ${arg_TARGET} TYPE)
  get_target_property(imported ${arg_TARGET} IMPORTED)
  if(imported OR type STREQUAL "INTERFACE_LIBRARY" OR type STREQUAL "UTILITY")
    message(FATAL_ERROR "pakt_generate: TARGET ${arg_TARGET} must be a library or executable that compiles "
                        "sources (not an imported target or a ${type})")
  endif()

  # Generator location: <dir of this file>/../generator, in the source tree and when installed.
  # CMAKE_CURRENT_FUNCTION_LIST_DIR, not a variable set at include() time: this function is global,
  # variables are not (FetchContent / add_subdirectory users call it from other directories).
  get_filename_component(generator_dir "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../generator" ABSOLUTE)
  set(generator "${generator_dir}/pakt-gen")
  if(NOT EXISTS "${generator}")
    message(FATAL_ERROR "pakt_generate: the schema generator is missing: ${generator}")
  endif()

  if(NOT arg_SCHEMAS)
    # The target's *.yaml sources, relative to the target's own source directory.
    get_target_property(target_sources ${arg_TARGET} SOURCES)
    get_target_property(target_dir ${arg_TARGET} SOURCE_DIR)
    foreach(source IN LISTS target_sources)
      if(source MATCHES "\\.ya?ml$" AND NOT source MATCHES "\\$<")
        get_filename_component(source "${source}" ABSOLUTE BASE_DIR "${target_dir}")
        list(APPEND arg_SCHEMAS "${source}")
      endif()
    endforeach()
    if(NOT arg_SCHEMAS)
      message(FATAL_ERROR "pakt_generate: no SCHEMAS given and ${arg_TARGET} has no .yaml sources")
    endif()
  endif()
  if(NOT arg_FORMATS)
    set(arg_FORMATS compact mslima godot json)
  endif()
  foreach(format IN LISTS arg_FORMATS)
    if(NOT format MATCHES "^(compact|mslima|godot|json)$")
      message(FATAL_ERROR "pakt_generate: unknown format '${format}' (use compact, mslima, godot, json)")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES arg_FORMATS)
  list(JOIN arg_FORMATS "," formats)
  if(NOT arg_OUTPUT_DIR)
    set(arg_OUTPUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/pakt/${arg_TARGET}")
  endif()
  get_filename_component(output_dir "${arg_OUTPUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  _pakt_find_python(python)

  # Every file the generator's output depends on besides the schemas. CONFIGURE_DEPENDS: adding a
  # generator module or template re-runs the glob (and CMake) at build time.
  file(GLOB_RECURSE generator_files CONFIGURE_DEPENDS
       "${generator_dir}/pakt_gen/*.py" "${generator_dir}/pakt_gen/*.j2")
  list(SORT generator_files)
  list(PREPEND generator_files "${generator}")
  set(import_args "")
  foreach(dir IN LISTS arg_IMPORT_DIRS)
    get_filename_component(dir "${dir}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND import_args -I "${dir}")
  endforeach()

  set(headers "")
  set(sources "")
  set(stems "")
  foreach(schema IN LISTS arg_SCHEMAS)
    get_filename_component(schema_abs "${schema}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${schema_abs}")
      message(FATAL_ERROR "pakt_generate: schema not found: ${schema_abs}")
    endif()
    get_filename_component(stem "${schema_abs}" NAME)
    string(REGEX REPLACE "\\.[^.]*$" "" stem "${stem}")  # like the generator: drop the last extension
    if(stem IN_LIST stems)
      message(FATAL_ERROR "pakt_generate: two schemas of ${arg_TARGET} would both generate ${stem}.pakt.h in "
                          "${output_dir}; rename one or generate them into different OUTPUT_DIRs")
    endif()
    list(APPEND stems "${stem}")
    set(header "${output_dir}/${stem}.pakt.h")
    # Another pakt_generate() call writing the same files would make two rules for one output.
    get_property(generated GLOBAL PROPERTY _PAKT_GENERATED_HEADERS)
    if(header IN_LIST generated)
      message(FATAL_ERROR "pakt_generate: ${header} is already generated by another pakt_generate() call; "
                          "give this one another OUTPUT_DIR or link the target that generates it")
    endif()
    set_property(GLOBAL APPEND PROPERTY _PAKT_GENERATED_HEADERS "${header}")
    set(source "${output_dir}/${stem}.pakt.cpp")
    set(depfile "${output_dir}/${stem}.pakt.d")
    # CMP0116 NEW: CMake rewrites the depfile for Ninja (ours holds absolute paths, so both
    # behaviours agree; setting it spares projects with an older cmake_minimum_required a warning).
    cmake_policy(PUSH)
    cmake_policy(SET CMP0116 NEW)
    add_custom_command(
      OUTPUT "${header}" "${source}"
      # The absolute schema path makes diagnostics (`file:line:col: error:`) clickable in IDEs
      # whatever directory the build tool runs in.
      COMMAND "${python}" "${generator}" --out "${output_dir}" --formats "${formats}" --depfile "${depfile}"
              ${import_args} "${schema_abs}"
      # pakt-gen leaves unchanged files untouched; touch them so that the outputs are newer than
      # their inputs and the next build has nothing to do.
      COMMAND "${CMAKE_COMMAND}" -E touch "${header}" "${source}"
      DEPENDS "${schema_abs}" ${generator_files}
      DEPFILE "${depfile}"
      COMMENT "pakt: generating ${stem}.pakt.h/.cpp from ${schema_abs}"
      VERBATIM)
    cmake_policy(POP)
    list(APPEND headers "${header}")
    list(APPEND sources "${source}")
  endforeach()

  target_sources(${arg_TARGET} PRIVATE ${headers} ${sources})
  target_include_directories(${arg_TARGET} PUBLIC "$<BUILD_INTERFACE:${output_dir}>")
  target_link_libraries(${arg_TARGET} PUBLIC pakt::runtime)
  if("godot" IN_LIST arg_FORMATS)
    # The Godot mapping (pakt/godot_mapping.hpp) calls the Variant codec of the pakt::godot library.
    if(NOT TARGET pakt::godot)
      message(FATAL_ERROR "pakt_generate: FORMATS godot needs the pakt::godot library, which is not defined here")
    endif()
    target_link_libraries(${arg_TARGET} PUBLIC pakt::godot)
  endif()
  if(arg_OUT_HEADERS)
    set(${arg_OUT_HEADERS} "${headers}" PARENT_SCOPE)
  endif()
  if(arg_OUT_SOURCES)
    set(${arg_OUT_SOURCES} "${sources}" PARENT_SCOPE)
  endif()
endfunction()

# pakt_add_library(<name> SCHEMAS <file.yaml>... [FORMATS ...] [IMPORT_DIRS ...] [OUTPUT_DIR ...]
#                  [OUT_HEADERS <var>] [OUT_SOURCES <var>])
# A static library holding the generated code of the schemas.
function(pakt_add_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "OUT_HEADERS;OUT_SOURCES" "")
  add_library(${name} STATIC)
  pakt_generate(TARGET ${name} ${arg_UNPARSED_ARGUMENTS} OUT_HEADERS headers OUT_SOURCES sources)
  target_compile_features(${name} PUBLIC cxx_std_17)
  if(arg_OUT_HEADERS)
    set(${arg_OUT_HEADERS} "${headers}" PARENT_SCOPE)
  endif()
  if(arg_OUT_SOURCES)
    set(${arg_OUT_SOURCES} "${sources}" PARENT_SCOPE)
  endif()
endfunction()
