#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Write broad.txt: a deterministic cross-section of Debian's piglit.

For each feature family (a spec directory, or several), up to its quota of
tests evenly spaced through piglit's quick profiles (quick_gl.xml.gz and
quick_shader.xml.gz), desktop GL only. Rerun after a piglit upgrade:
    make-broad.py > broad.txt
"""
import gzip
import re
import sys

PIGLIT = "/usr/lib/x86_64-linux-gnu/piglit/tests"
# family: (quota, name prefixes in piglit's test names)
FAMILIES = {
    "fbo": (30, ["spec@arb_framebuffer_object@", "spec@ext_framebuffer_object@",
                 "spec@ext_framebuffer_blit@", "spec@ext_packed_depth_stencil@",
                 "spec@arb_depth_buffer_float@", "spec@arb_framebuffer_srgb@"]),
    "texturing": (40, ["texturing@", "spec@arb_texture_rg@", "spec@ext_texture_array@",
                       "spec@arb_texture_cube_map_array@", "spec@arb_texture_float@",
                       "spec@ext_texture_integer@", "spec@arb_texture_buffer_object@",
                       "spec@arb_texture_view@", "spec@ext_texture_compression_s3tc@",
                       "spec@arb_copy_image@", "spec@arb_texture_gather@",
                       "spec@arb_clear_texture@"]),
    "gs": (20, ["spec@glsl-1.50@execution@geometry@", "spec@arb_geometry_shader4@"]),
    "glsl-1.10": (25, ["spec@glsl-1.10@execution@"]),
    "glsl-1.20": (20, ["spec@glsl-1.20@execution@"]),
    "glsl-1.30": (25, ["spec@glsl-1.30@execution@"]),
    "glsl-1.40": (15, ["spec@glsl-1.40@execution@"]),
    "glsl-1.50": (15, ["spec@glsl-1.50@execution@"]),
    "gpu_shader5": (15, ["spec@arb_gpu_shader5@execution@"]),
    "fp64": (10, ["spec@arb_gpu_shader_fp64@execution@"]),
    "ubo": (12, ["spec@arb_uniform_buffer_object@"]),
    "xfb": (25, ["spec@ext_transform_feedback@", "spec@arb_transform_feedback2@",
                 "spec@arb_transform_feedback3@"]),
    "msaa": (30, ["spec@ext_framebuffer_multisample@", "spec@arb_texture_multisample@",
                  "spec@arb_sample_shading@"]),
    "compute": (15, ["spec@arb_compute_shader@"]),
    "tess": (20, ["spec@arb_tessellation_shader@"]),
    "images": (15, ["spec@arb_shader_image_load_store@"]),
    "atomics": (15, ["spec@arb_shader_atomic_counters@"]),
    "ssbo": (8, ["spec@arb_shader_storage_buffer_object@"]),
    "queries": (20, ["spec@arb_occlusion_query@", "spec@arb_occlusion_query2@",
                     "spec@arb_timer_query@", "spec@arb_query_buffer_object@",
                     "spec@arb_pipeline_statistics_query@", "spec@ext_timer_query@"]),
    "draw": (15, ["spec@arb_draw_indirect@", "spec@arb_draw_instanced@",
                  "spec@arb_base_instance@", "spec@arb_vertex_buffer_object@",
                  "spec@arb_draw_elements_base_vertex@", "spec@nv_primitive_restart@"]),
    "gl-2.x-3.x": (20, ["spec@!opengl 1.", "spec@!opengl 2.", "spec@!opengl 3."]),
}
TEST = re.compile(r'<Test type="(\w+)" name="([^"]+)">(.*?)</Test>', re.S)
OPT = re.compile(r'<option name="(\w+)" value="([^"]*)" />')


def tests():
    for profile in ("quick_gl", "quick_shader"):
        with gzip.open(f"{PIGLIT}/{profile}.xml.gz", "rt") as f:
            for kind, name, body in TEST.findall(f.read()):
                opts = dict(OPT.findall(body))
                cmd = eval(opts.get("command", "[]").replace("&apos;", "'"))
                if not cmd or "gles" in cmd[0] or "'gles" in opts.get("api", ""):
                    continue
                yield name, cmd


def main():
    picked = {f: [] for f in FAMILIES}
    for name, cmd in tests():
        for family, (_, prefixes) in FAMILIES.items():
            if name.startswith(tuple(prefixes)):
                picked[family].append((name, cmd))
                break
    print("# make-broad.py's cross-section of piglit: family, then commands")
    for family, (quota, _) in FAMILIES.items():
        found = sorted(picked[family])
        step = max(1, len(found) / quota)
        chosen = [found[int(i * step)] for i in range(min(quota, len(found)))]
        print(f"# {family}: {len(chosen)} of {len(found)}")
        for _, cmd in chosen:
            print(" ".join(cmd + [a for a in ("-auto", "-fbo") if a not in cmd]))


if __name__ == "__main__":
    sys.exit(main())
