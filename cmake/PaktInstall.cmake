# cmake --install and the CMake package: find_package(pakt CONFIG REQUIRED) gives pakt::runtime,
# pakt::godot, pakt::photon (and pakt::godot_json, pakt::pfr when their dependencies exist),
# pakt_generate() / pakt_add_library() and the pakt::pakt executable.
#
# Installed layout:
#   include/pakt/...                          runtime headers
#   lib/libpakt_godot.a, lib/libpakt_photon.a ...
#   bin/pakt                                  the command-line tool, also the schema front end that
#                                             pakt_generate() runs (when PAKT_BUILD_TOOLS)
#   share/pakt/generator/pakt_gen/            the back ends (python3 -m pakt_gen) and their templates
#   share/pakt/cmake/PaktGenerate.cmake       finds the back end at ../generator, as in the source tree
#   lib/cmake/pakt/paktConfig.cmake, paktConfigVersion.cmake, pakt*Targets.cmake
#
# Included at the end of the top-level CMakeLists.txt, after every target is defined.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

if(CMAKE_SOURCE_DIR STREQUAL PROJECT_SOURCE_DIR)
  set(_pakt_is_top_level ON)
else()
  set(_pakt_is_top_level OFF)
endif()
# Off when pakt is an add_subdirectory() / FetchContent dependency: its files then stay out of the
# parent project's installation unless asked for.
option(PAKT_INSTALL "Generate pakt's install rules" ${_pakt_is_top_level})

# pakt::pfr: the runtime plus the Boost headers that pakt/pfr.hpp (the Boost.PFR fallback) needs.
if(NOT TARGET pakt_pfr)
  find_package(Boost 1.75 QUIET)
  if(TARGET Boost::headers)
    add_library(pakt_pfr INTERFACE)
    add_library(pakt::pfr ALIAS pakt_pfr)
    target_link_libraries(pakt_pfr INTERFACE pakt_runtime Boost::headers)
  endif()
endif()

# As a dependency that installs nothing, build pakt's static libraries only when the parent project
# links them (what add_subdirectory(... EXCLUDE_FROM_ALL) does, also for FetchContent_MakeAvailable
# before CMake 3.28). pakt::runtime is header-only, so a project that only generates code from
# schemas compiles nothing of pakt.
if(NOT _pakt_is_top_level AND NOT PAKT_INSTALL)
  get_property(_pakt_runtime_targets DIRECTORY "${PROJECT_SOURCE_DIR}/runtime" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(_pakt_target IN LISTS _pakt_runtime_targets)
    get_target_property(_pakt_type ${_pakt_target} TYPE)
    if(_pakt_type STREQUAL "STATIC_LIBRARY")
      set_target_properties(${_pakt_target} PROPERTIES EXCLUDE_FROM_ALL ON)
    endif()
  endforeach()
endif()

if(NOT PAKT_INSTALL)
  return()
endif()

set(_pakt_config_dir "${CMAKE_INSTALL_LIBDIR}/cmake/pakt")
set(PAKT_INSTALL_MODULE_DIR "${CMAKE_INSTALL_DATADIR}/pakt/cmake")
set(_pakt_generator_dest "${CMAKE_INSTALL_DATADIR}/pakt/generator")

install(DIRECTORY "${PROJECT_SOURCE_DIR}/runtime/include/pakt"
        DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
        COMPONENT pakt_development
        FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")

# Exported names: pakt_runtime -> pakt::runtime etc. pakt_warnings only appears as a link-only
# dependency of the static libraries (it carries pakt's own -Werror, which link-only usage ignores).
set_target_properties(pakt_runtime PROPERTIES EXPORT_NAME runtime)
set_target_properties(pakt_warnings PROPERTIES EXPORT_NAME internal_warnings)
set(_pakt_core_targets pakt_runtime pakt_warnings)
foreach(lib godot photon)
  if(TARGET pakt_${lib})
    set_target_properties(pakt_${lib} PROPERTIES EXPORT_NAME ${lib})
    list(APPEND _pakt_core_targets pakt_${lib})
  endif()
endforeach()
if(TARGET pakt AND PAKT_BUILD_TOOLS)
  set_target_properties(pakt PROPERTIES EXPORT_NAME pakt)
  list(APPEND _pakt_core_targets pakt)
endif()
install(TARGETS ${_pakt_core_targets} EXPORT paktTargets
        RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT pakt_runtime
        ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT pakt_development
        LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT pakt_runtime)
install(EXPORT paktTargets NAMESPACE pakt:: DESTINATION "${_pakt_config_dir}" COMPONENT pakt_development)

# Targets with optional third-party dependencies get their own export sets; paktConfig.cmake
# loads each only when find_package finds its dependency.
if(TARGET pakt_godot_json)
  set_target_properties(pakt_godot_json PROPERTIES EXPORT_NAME godot_json)
  install(TARGETS pakt_godot_json EXPORT paktGodotJsonTargets
          ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT pakt_development)
  install(EXPORT paktGodotJsonTargets NAMESPACE pakt:: DESTINATION "${_pakt_config_dir}"
          COMPONENT pakt_development)
endif()
if(TARGET pakt_pfr)
  set_target_properties(pakt_pfr PROPERTIES EXPORT_NAME pfr)
  install(TARGETS pakt_pfr EXPORT paktPfrTargets)
  install(EXPORT paktPfrTargets NAMESPACE pakt:: DESTINATION "${_pakt_config_dir}" COMPONENT pakt_development)
endif()

# The back ends (`pakt generate` runs python3 -m pakt_gen with PYTHONPATH=share/pakt/generator) and
# the runtime files they copy next to their output (Pakt.Runtime.cs) and their names.yaml (the naming
# rule's data, which the pakt tool reads too);
# no bytecode caches.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/generator/pakt_gen" DESTINATION "${_pakt_generator_dest}"
        COMPONENT pakt_development
        FILES_MATCHING PATTERN "*.py" PATTERN "*.j2" PATTERN "*.cs" PATTERN "names.yaml" PATTERN "__pycache__" EXCLUDE)
install(FILES "${PROJECT_SOURCE_DIR}/cmake/PaktGenerate.cmake" DESTINATION "${PAKT_INSTALL_MODULE_DIR}"
        COMPONENT pakt_development)

configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/paktConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/cmake/paktConfig.cmake"
  INSTALL_DESTINATION "${_pakt_config_dir}"
  PATH_VARS PAKT_INSTALL_MODULE_DIR)
# 0.x: a minor release may break the API, so 0.1.x accepts requests for 0.1 only.
write_basic_package_version_file("${PROJECT_BINARY_DIR}/cmake/paktConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/cmake/paktConfig.cmake" "${PROJECT_BINARY_DIR}/cmake/paktConfigVersion.cmake"
        DESTINATION "${_pakt_config_dir}" COMPONENT pakt_development)
