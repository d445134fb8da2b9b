// SPDX-License-Identifier: GPL-2.0
/*
 * Geometry and tessellation shaders of real userspace on ruby: Debian's
 * Mesa r600, unmodified, in a desktop GL core context through EGL on the
 * surfaceless platform (the render node): 3.2, what geometry shaders need
 * (Mesa gives R6xx/R7xx 3.3, Evergreen 4.x); the tessellation tests need
 * 4.0 and skip below it. Mesa runs a geometry shader
 * as ES+GS+VS copy shader with ES->GS and GS->VS rings of its own, and
 * tessellation as LS+HS+VS domain shader (with a GS: LS+HS+ES+GS+VS). Each
 * test draws into a framebuffer object and reads it back; every command
 * stream must be accepted by ruby's checker (ruby_info's "cs rejected"
 * does not move, "cs checked" does) and run to its fence. Skipped when
 * Mesa's EGL or desktop GL is not installed.
 */
#define GL_GLEXT_PROTOTYPES
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"
#define MESA_UTIL_OWN_GL_HEADER
#include "mesa_util.h"

#define SIZE	64

/* ruby_info's counts when a test starts, and room to read it again */
struct cs_counts {
	int minor;
	long checked0, rejected0;
	char info[4096];
};

FIXTURE(gl) {
	struct cs_counts cs;
	EGLDisplay dpy;
	EGLContext ctx;
	GLuint fbo, tex, vao, vbo;
};

/* The target (an RGBA8 texture) and a triangle in a vertex buffer */
FIXTURE_SETUP(gl)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	static const GLfloat tri[] = { -0.5f, -0.5f, 0.5f, -0.5f, 0.0f, 0.5f };

	self->cs.minor = ruby_card_minor();
	if (self->cs.minor < 0)
		SKIP(return, "no device bound to ruby");
	mesa_gl32_setup(_metadata, &self->dpy, &self->ctx);
	mesa_cs_counts(_metadata, self->cs.minor, self->cs.info, sizeof(self->cs.info),
		       &self->cs.checked0, &self->cs.rejected0);
	glGenTextures(1, &self->tex);
	glBindTexture(GL_TEXTURE_2D, self->tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, SIZE, SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE,
		     NULL);
	glGenFramebuffers(1, &self->fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, self->fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, self->tex,
			       0);
	ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glViewport(0, 0, SIZE, SIZE);
	glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glGenVertexArrays(1, &self->vao);
	glBindVertexArray(self->vao);
	glGenBuffers(1, &self->vbo);
	glBindBuffer(GL_ARRAY_BUFFER, self->vbo);
	glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	glEnableVertexAttribArray(0);
}

FIXTURE_TEARDOWN(gl)
{
	if (self->cs.minor < 0)
		return;
	glDeleteBuffers(1, &self->vbo);
	glDeleteVertexArrays(1, &self->vao);
	glDeleteFramebuffers(1, &self->fbo);
	glDeleteTextures(1, &self->tex);
	mesa_egl_teardown(self->dpy, self->ctx);
}

/*
 * Draw with @prog (patches of three vertices if @patches), read the
 * target back (Mesa flushes, waits, maps the buffer): GL must be happy,
 * and ruby must have accepted every stream since the fixture's setup and
 * checked at least one more.
 */
static void draw_all_accepted(struct __test_metadata *_metadata, struct cs_counts *cs,
			      GLuint prog, bool patches)
{
	static uint8_t pixels[SIZE * SIZE * 4];
	long checked, rejected;

	ASSERT_NE(prog, 0);
	glUseProgram(prog);
	if (patches) {
		glPatchParameteri(GL_PATCH_VERTICES, 3);
		glDrawArrays(GL_PATCHES, 0, 3);
	} else {
		glDrawArrays(GL_TRIANGLES, 0, 3);
	}
	glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	glFinish();
	EXPECT_EQ(glGetError(), GL_NO_ERROR);
	glDeleteProgram(prog);
	mesa_cs_counts(_metadata, cs->minor, cs->info, sizeof(cs->info), &checked, &rejected);
	TH_LOG("streams checked: %ld, rejected: %ld", checked - cs->checked0,
	       rejected - cs->rejected0);
	if (rejected != cs->rejected0)
		TH_LOG("%s", cs->info);
	EXPECT_EQ(rejected, cs->rejected0);
	EXPECT_GT(checked, cs->checked0);
}

static const char vs_src[] =
	"#version 150 core\n"
	"in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static const char fs_src[] =
	"#version 150 core\n"
	"out vec4 colour;\n"
	"void main() { colour = vec4(0.0, 1.0, 0.0, 1.0); }\n";

/* Emits the triangle it gets, and a copy of it moved right */
static const char gs_src[] =
	"#version 150 core\n"
	"layout(triangles) in;\n"
	"layout(triangle_strip, max_vertices = 6) out;\n"
	"void main() {\n"
	"	for (int c = 0; c < 2; c++) {\n"
	"		for (int i = 0; i < 3; i++) {\n"
	"			gl_Position = gl_in[i].gl_Position + vec4(0.25 * c, 0, 0, 0);\n"
	"			EmitVertex();\n"
	"		}\n"
	"		EndPrimitive();\n"
	"	}\n"
	"}\n";

static const char tcs_src[] =
	"#version 400 core\n"
	"layout(vertices = 3) out;\n"
	"void main() {\n"
	"	gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
	"	gl_TessLevelOuter[0] = 4.0;\n"
	"	gl_TessLevelOuter[1] = 4.0;\n"
	"	gl_TessLevelOuter[2] = 4.0;\n"
	"	gl_TessLevelInner[0] = 4.0;\n"
	"}\n";

static const char tes_src[] =
	"#version 400 core\n"
	"layout(triangles, equal_spacing, ccw) in;\n"
	"void main() {\n"
	"	gl_Position = gl_TessCoord.x * gl_in[0].gl_Position +\n"
	"		      gl_TessCoord.y * gl_in[1].gl_Position +\n"
	"		      gl_TessCoord.z * gl_in[2].gl_Position;\n"
	"}\n";

/* The context's GL version, major * 10 + minor */
static int gl_version(void)
{
	GLint major = 0, minor = 0;

	glGetIntegerv(GL_MAJOR_VERSION, &major);
	glGetIntegerv(GL_MINOR_VERSION, &minor);
	return major * 10 + minor;
}

#define NO_TESSELLATION	"no tessellation below GL 4.0 (Mesa's r600 gives R6xx/R7xx GL 3.3)"

/*
 * The context Mesa made on the chip ruby drives: GL 3.3 on R6xx/R7xx,
 * 4.0 or later on Evergreen
 */
TEST_F(gl, core_context)
{
	const char *version = (const char *)glGetString(GL_VERSION);
	char chip[32];

	ASSERT_NE(version, NULL);
	TH_LOG("GL_VERSION: %s", version);
	EXPECT_GE(gl_version(), ruby_gen()->r6xx ? 33 : 40);
	ASSERT_TRUE(ruby_chip_name(chip, sizeof(chip)));
	EXPECT_NE(strstr((const char *)glGetString(GL_RENDERER), chip), NULL);
}

/* ES (the vertex shader) + GS + VS copy shader, Mesa's own rings */
TEST_F(gl, geometry_shader_draw)
{
	static const GLenum types[] = { GL_VERTEX_SHADER, GL_GEOMETRY_SHADER,
					GL_FRAGMENT_SHADER };
	static const char *const srcs[] = { vs_src, gs_src, fs_src };

	draw_all_accepted(_metadata, &self->cs, mesa_program_of(types, srcs, 3), false);
}

/* LS (the vertex shader) + HS + VS (the evaluation shader) */
TEST_F(gl, tessellation_draw)
{
	static const GLenum types[] = { GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER,
					GL_TESS_EVALUATION_SHADER, GL_FRAGMENT_SHADER };
	static const char *const srcs[] = { vs_src, tcs_src, tes_src, fs_src };

	if (gl_version() < 40)
		SKIP(return, NO_TESSELLATION);
	draw_all_accepted(_metadata, &self->cs, mesa_program_of(types, srcs, 4), true);
}

/* All five: LS + HS + ES (the evaluation shader) + GS + VS copy shader */
TEST_F(gl, tessellation_and_geometry_draw)
{
	static const GLenum types[] = { GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER,
					GL_TESS_EVALUATION_SHADER, GL_GEOMETRY_SHADER,
					GL_FRAGMENT_SHADER };
	static const char *const srcs[] = { vs_src, tcs_src, tes_src, gs_src, fs_src };

	if (gl_version() < 40)
		SKIP(return, NO_TESSELLATION);
	draw_all_accepted(_metadata, &self->cs, mesa_program_of(types, srcs, 5), true);
}

/*
 * A geometry draw, then a plain one in the same context: Mesa turns its
 * GS rings off (sizes 0) and, on Evergreen, ruby points the rings back at its own after
 * the stream; both accepted.
 */
TEST_F(gl, geometry_then_plain_draw)
{
	static const GLenum types[] = { GL_VERTEX_SHADER, GL_GEOMETRY_SHADER,
					GL_FRAGMENT_SHADER };
	static const GLenum plain_types[] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
	static const char *const srcs[] = { vs_src, gs_src, fs_src };
	static const char *const plain_srcs[] = { vs_src, fs_src };

	draw_all_accepted(_metadata, &self->cs, mesa_program_of(types, srcs, 3), false);
	draw_all_accepted(_metadata, &self->cs, mesa_program_of(plain_types, plain_srcs, 2), false);
}

TEST_HARNESS_MAIN
