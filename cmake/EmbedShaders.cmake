# Embeds every file under shaders/ into the sluice_shaders library as a string table keyed by its
# path relative to shaders/ (e.g. "sim/pipe_step.comp"). Debug builds can instead read them from disk
# (SLUICE_SHADER_DIR) for hot reload.
file(GLOB_RECURSE SLUICE_SHADER_FILES CONFIGURE_DEPENDS
     ${CMAKE_SOURCE_DIR}/shaders/*.comp ${CMAKE_SOURCE_DIR}/shaders/*.vert ${CMAKE_SOURCE_DIR}/shaders/*.frag
     ${CMAKE_SOURCE_DIR}/shaders/*.glsl ${CMAKE_SOURCE_DIR}/shaders/*.h)
set(_embedded ${CMAKE_BINARY_DIR}/generated/embedded_shaders.cpp)
string(REPLACE ";" "|" _shader_list "${SLUICE_SHADER_FILES}")
add_custom_command(
  OUTPUT ${_embedded}
  COMMAND ${CMAKE_COMMAND} -DROOT=${CMAKE_SOURCE_DIR}/shaders -DOUT=${_embedded}
          "-DFILES=${_shader_list}" -P ${CMAKE_SOURCE_DIR}/cmake/embed_shaders_script.cmake
  DEPENDS ${SLUICE_SHADER_FILES} ${CMAKE_SOURCE_DIR}/cmake/embed_shaders_script.cmake
  COMMENT "Embedding shaders" VERBATIM)
add_library(sluice_shaders STATIC ${_embedded})
target_compile_definitions(sluice_shaders PRIVATE SLUICE_SHADER_DIR="${CMAKE_SOURCE_DIR}/shaders")
