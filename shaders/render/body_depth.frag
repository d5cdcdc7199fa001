// The bodies' shadow-map pass (render/body_shadow_map.hpp): depth only, written by the rasteriser.
void main() {}
