# Embeds files into the binary at build time as byte arrays keyed by their path relative to a root
# folder, so `sluice` runs from any directory with nothing installed beside it:
#   sluice_shaders: every file under shaders/ ("sim/pipe_flux.comp"), read by gl/shader_source
#                   (or from disk when SLUICE_SHADER_DIR is set, for hot reload while editing);
#   sluice_assets:  every file under assets/ ("worlds/default.json"), read by sim/assets
#                   (or from disk when SLUICE_ASSET_DIR is set).
# Each library defines <namespace>::k<Symbol>s[] of {path, data, size} and k<Symbol>Count; data ends
# with one zero byte past `size`, so text can be used as a C string.
function(sluice_embed_files target root namespace symbol)
  file(GLOB_RECURSE _files CONFIGURE_DEPENDS ${root}/*)
  list(FILTER _files EXCLUDE REGEX "/README\\.md$")
  set(_out ${CMAKE_BINARY_DIR}/generated/${target}.cpp)
  string(REPLACE ";" "|" _list "${_files}")
  add_custom_command(
    OUTPUT ${_out}
    COMMAND ${CMAKE_COMMAND} -DROOT=${root} -DOUT=${_out} -DNAMESPACE=${namespace} -DSYMBOL=${symbol}
            "-DFILES=${_list}" -P ${CMAKE_SOURCE_DIR}/cmake/embed_files_script.cmake
    DEPENDS ${_files} ${CMAKE_SOURCE_DIR}/cmake/embed_files_script.cmake
    COMMENT "Embedding ${root}" VERBATIM)
  add_library(${target} STATIC ${_out})
endfunction()

sluice_embed_files(sluice_shaders ${CMAKE_SOURCE_DIR}/shaders sluice::gl EmbeddedShader)
sluice_embed_files(sluice_assets ${CMAKE_SOURCE_DIR}/assets sluice::sim EmbeddedAsset)
