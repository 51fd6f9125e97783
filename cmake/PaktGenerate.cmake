# pakt_generate() and pakt_add_library(): generate C++ from pakt YAML schemas at build time.
#
#   pakt_generate(TARGET <existing target>
#                 [SCHEMAS <file.yaml>...]              # default: the *.yaml sources of TARGET
#                 [FORMATS compact mslima godot json]   # codecs to emit; default: all
#                 [IMPORT_DIRS <dir>...]
#                 [OUTPUT_DIR <dir>]                    # default: ${CMAKE_CURRENT_BINARY_DIR}/pakt/<target>
#                 [OUT_HEADERS <var>] [OUT_SOURCES <var>])
#
# Adds the generated sources to TARGET, OUTPUT_DIR to its include path and links pakt::runtime.
# Regenerates when a schema, an imported schema (through a depfile), or any generator file changes.
# Configuration is passed as arguments only; nothing is read from global variables.
include_guard(GLOBAL)

# Where the generator lives relative to this file: <root>/cmake -> <root>/generator in the source
# tree, <prefix>/share/pakt/cmake -> <prefix>/share/pakt/generator when installed.
get_filename_component(_pakt_generator_dir "${CMAKE_CURRENT_LIST_DIR}/../generator" ABSOLUTE)

function(_pakt_find_python out_var)
  get_property(python GLOBAL PROPERTY PAKT_GENERATOR_PYTHON)
  if(python)
    set(${out_var} "${python}" PARENT_SCOPE)
    return()
  endif()
  find_package(Python3 3.7 COMPONENTS Interpreter QUIET)
  if(NOT Python3_Interpreter_FOUND)
    message(FATAL_ERROR "pakt: the schema generator needs Python 3. Install it with:\n"
                        "  sudo apt-get install python3 python3-jinja2 python3-yaml")
  endif()
  execute_process(COMMAND "${Python3_EXECUTABLE}" -c "import jinja2, yaml"
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "pakt: ${Python3_EXECUTABLE} lacks Jinja2 or PyYAML, which the schema generator needs. "
                        "Install them with:\n  sudo apt-get install python3-jinja2 python3-yaml\n"
                        "(or point CMake at another interpreter with -DPython3_EXECUTABLE=...)")
  endif()
  set_property(GLOBAL PROPERTY PAKT_GENERATOR_PYTHON "${Python3_EXECUTABLE}")
  set(${out_var} "${Python3_EXECUTABLE}" PARENT_SCOPE)
endfunction()

function(pakt_generate)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;OUTPUT_DIR;OUT_HEADERS;OUT_SOURCES"
                        "SCHEMAS;FORMATS;IMPORT_DIRS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "pakt_generate: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_TARGET OR NOT TARGET ${arg_TARGET})
    message(FATAL_ERROR "pakt_generate: TARGET must name an existing target (got '${arg_TARGET}')")
  endif()
  if(NOT arg_SCHEMAS)
    get_target_property(sources ${arg_TARGET} SOURCES)
    foreach(source IN LISTS sources)
      if(source MATCHES "\\.yaml$")
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
  list(JOIN arg_FORMATS "," formats)
  if(NOT arg_OUTPUT_DIR)
    set(arg_OUTPUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/pakt/${arg_TARGET}")
  endif()
  _pakt_find_python(python)

  file(GLOB_RECURSE generator_files CONFIGURE_DEPENDS
       "${_pakt_generator_dir}/pakt_gen/*.py" "${_pakt_generator_dir}/pakt_gen/templates/*.j2")
  list(APPEND generator_files "${_pakt_generator_dir}/pakt-gen")
  set(import_args "")
  foreach(dir IN LISTS arg_IMPORT_DIRS)
    get_filename_component(dir "${dir}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND import_args -I "${dir}")
  endforeach()

  set(headers "")
  set(sources "")
  foreach(schema IN LISTS arg_SCHEMAS)
    get_filename_component(schema_abs "${schema}" ABSOLUTE)
    get_filename_component(stem "${schema}" NAME_WE)
    set(header "${arg_OUTPUT_DIR}/${stem}.pakt.h")
    set(source "${arg_OUTPUT_DIR}/${stem}.pakt.cpp")
    set(depfile "${arg_OUTPUT_DIR}/${stem}.pakt.d")
    file(RELATIVE_PATH shown "${CMAKE_SOURCE_DIR}" "${schema_abs}")
    add_custom_command(
      OUTPUT "${header}" "${source}"
      COMMAND "${python}" "${_pakt_generator_dir}/pakt-gen" --out "${arg_OUTPUT_DIR}" --formats "${formats}"
              --depfile "${depfile}" ${import_args} "${shown}"
      # Generated files are rewritten only when their text changes; touch them so the rule is satisfied.
      COMMAND "${CMAKE_COMMAND}" -E touch "${header}" "${source}"
      DEPENDS "${schema_abs}" ${generator_files}
      DEPFILE "${depfile}"
      WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
      COMMENT "pakt: generating ${stem}.pakt.h/.cpp from ${shown}"
      VERBATIM)
    list(APPEND headers "${header}")
    list(APPEND sources "${source}")
  endforeach()

  target_sources(${arg_TARGET} PRIVATE ${headers} ${sources})
  target_include_directories(${arg_TARGET} PUBLIC "$<BUILD_INTERFACE:${arg_OUTPUT_DIR}>")
  target_link_libraries(${arg_TARGET} PUBLIC pakt::runtime)
  if("godot" IN_LIST arg_FORMATS)
    target_link_libraries(${arg_TARGET} PUBLIC pakt::godot)  # the Variant codec the Godot mapping calls
  endif()
  if(arg_OUT_HEADERS)
    set(${arg_OUT_HEADERS} "${headers}" PARENT_SCOPE)
  endif()
  if(arg_OUT_SOURCES)
    set(${arg_OUT_SOURCES} "${sources}" PARENT_SCOPE)
  endif()
endfunction()

# pakt_add_library(<name> SCHEMAS <file.yaml>... [FORMATS ...] [IMPORT_DIRS ...] [OUTPUT_DIR ...])
# A static library holding the generated code of the schemas.
function(pakt_add_library name)
  add_library(${name} STATIC)
  pakt_generate(TARGET ${name} ${ARGN})
  target_compile_features(${name} PUBLIC cxx_std_17)
endfunction()
