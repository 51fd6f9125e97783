# pakt::godot — the Godot Variant codec (runtime/include/pakt/godot, runtime/src/godot).
# pakt_godot_json adds the typed JSON value format (needs nlohmann-json) for tools and tests;
# generated code only needs pakt::godot.
add_library(pakt_godot STATIC
  ${CMAKE_CURRENT_LIST_DIR}/src/godot/variant_type.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/godot/equality.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/godot/engine_utf8.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/godot/value_writer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/godot/value_reader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/godot/encode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/godot/decode.cpp)
add_library(pakt::godot ALIAS pakt_godot)
target_link_libraries(pakt_godot PUBLIC pakt::runtime PRIVATE pakt_warnings)
set_target_properties(pakt_godot PROPERTIES POSITION_INDEPENDENT_CODE ON)

find_package(nlohmann_json 3 QUIET)
if(nlohmann_json_FOUND)
  add_library(pakt_godot_json STATIC ${CMAKE_CURRENT_LIST_DIR}/src/godot/typed_json.cpp)
  add_library(pakt::godot_json ALIAS pakt_godot_json)
  target_link_libraries(pakt_godot_json PUBLIC pakt::godot nlohmann_json::nlohmann_json PRIVATE pakt_warnings)
endif()
