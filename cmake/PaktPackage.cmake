# CPack: `cpack -G DEB` in a build directory makes pakt_<version>_<arch>.deb from the install rules of
# cmake/PaktInstall.cmake (scripts/package.sh builds and packs it; docs/debian.md).
#
# The package holds every install component: the pakt tool, the runtime headers and static
# libraries, the CMake package (find_package(pakt)), the Python back ends with their templates and
# runtimes (Pakt.Runtime.cs, the pakt_runtime.gd template). Depends: what dpkg-shlibdeps finds for
# /usr/bin/pakt (libc6, libstdc++6, libgcc-s1, libyaml-cpp0.7) plus the back ends' Python modules.
# Included at the end of the top-level CMakeLists.txt, after the install rules.
if(NOT PAKT_INSTALL)
  return()
endif()

set(CPACK_PACKAGE_NAME pakt)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "pakt")
set(CPACK_PACKAGE_CONTACT "pakt maintainers <pakt-maintainers@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "schema serializer for game messages: C++, C# (Unity/PUN2) and GDScript (Godot) from YAML")
set(CPACK_PACKAGE_DESCRIPTION
    "pakt compiles YAML message schemas into C++ (compact, MSLIMA, Godot Variant and bit-packed\n\
formats), C# for Unity/PUN2 clients and GDScript for Godot 4 and 3. The package holds the pakt\n\
tool, its Python back ends, the C++ runtime headers and libraries and the CMake package\n\
(find_package(pakt) gives pakt::runtime, pakt_generate() and pakt_add_library()).")
# /usr, whatever CMAKE_INSTALL_PREFIX the build directory was configured with.
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # pakt_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# dpkg-shlibdeps adds the shared libraries /usr/bin/pakt links (yaml-cpp, the C++ runtime, libc).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The back ends: python3 -m pakt_gen with Jinja2 templates and names.yaml (PyYAML).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3 (>= 3.7), python3-jinja2, python3-yaml")
# What using the CMake package takes (pakt_generate() builds generated C++ with the runtime headers).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "cmake (>= 3.20), g++ | c++-compiler")
# pakt::godot_json (nlohmann-json), pakt::pfr (Boost headers), the C# back end's output under mono.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "nlohmann-json3-dev, libboost-dev (>= 1.75), mono-mcs, mono-runtime")
# prerm removes the bytecode caches Python leaves next to the back ends (dpkg does not own them).
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA "${PROJECT_SOURCE_DIR}/cmake/debian/prerm")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Files are owned by root whoever runs cpack; one package with every install component.
set(CPACK_DEB_COMPONENT_INSTALL OFF)
set(CPACK_STRIP_FILES ON)  # strips the tool (CMake never strips static archives)
include(CPack)
