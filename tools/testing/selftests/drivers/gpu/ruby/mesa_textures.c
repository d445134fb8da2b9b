// SPDX-License-Identifier: GPL-2.0
/*
 * Debian's Mesa r600, unmodified, through EGL on the surfaceless platform
 * (desktop GL 3.2 core: multisampled textures and sampler2DMS are core
 * there, and Mesa gives it on R6xx/R7xx, whose GLES stops at 3.0), on the
 * texture features ruby's checker bounds beyond the
 * basics: a multisampled texture rendered into and read with texelFetch
 * on a sampler2DMS (Mesa binds its FMASK with it), a multisampled 2D
 * array texture the same way, a mipmapped 3D texture sampled, and
 * transform feedback with a primitives-written query. Every stream Mesa
 * submits must be accepted (ruby_info's "cs rejected" does not move).
 * Skipped when there is no device bound to ruby.
 */
#define GL_GLEXT_PROTOTYPES
#include <stdint.h>
#include <string.h>

#include <GL/glcorearb.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"
#define MESA_UTIL_OWN_GL_HEADER
#include "mesa_util.h"

#define SIZE	32

FIXTURE(tex) {
	int minor;
	EGLDisplay dpy;
	EGLContext ctx;
	GLuint vao;
	long checked0, rejected0;
	char info[4096];
};

FIXTURE_SETUP(tex)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	self->minor = ruby_card_minor();
	if (self->minor < 0)
		SKIP(return, "no device bound to ruby");
	mesa_gl32_setup(_metadata, &self->dpy, &self->ctx);
	/* a core context draws with a vertex array object bound */
	glGenVertexArrays(1, &self->vao);
	glBindVertexArray(self->vao);
	mesa_cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &self->checked0,
		       &self->rejected0);
}

FIXTURE_TEARDOWN(tex)
{
	if (self->minor < 0)
		return;
	glDeleteVertexArrays(1, &self->vao);
	mesa_egl_teardown(self->dpy, self->ctx);
}

static const char quad_vs[] =
	"#version 150 core\n"
	"in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* Attribute 0 from a new buffer of @n vec2s at @v (deleted once drawn: GL keeps it) */
static void vertices(const GLfloat *v, GLsizei n)
{
	GLuint vbo;

	glGenBuffers(1, &vbo);
	glBindBuffer(GL_ARRAY_BUFFER, vbo);
	glBufferData(GL_ARRAY_BUFFER, 2 * n * sizeof(GLfloat), v, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	glEnableVertexAttribArray(0);
	glDeleteBuffers(1, &vbo);
}

/* Draw a quad over the whole target with @prog */
static void draw_quad(GLuint prog)
{
	static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };

	glUseProgram(prog);
	vertices(quad, 4);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* A framebuffer of one SIZE x SIZE RGBA8 texture; the texture in *@tex */
static GLuint plain_target(GLuint *tex)
{
	GLuint fbo;

	glGenTextures(1, tex);
	glBindTexture(GL_TEXTURE_2D, *tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, SIZE, SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
	glViewport(0, 0, SIZE, SIZE);
	return fbo;
}

/*
 * Sample @tex (bound at @target) with a quad drawn by @fs into a plain
 * target; then every stream so far must have been accepted. Deletes @tex.
 */
static void fetch_and_check(struct __test_metadata *_metadata, int minor, char *info,
			    size_t size, long checked0, long rejected0, const char *fs,
			    GLenum target, GLuint tex)
{
	GLuint fbo, out, prog;

	fbo = plain_target(&out);
	prog = mesa_program(quad_vs, fs);
	ASSERT_NE(prog, 0);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(target, tex);
	draw_quad(prog);
	mesa_all_accepted(_metadata, minor, info, size, checked0, rejected0);
	glDeleteProgram(prog);
	glDeleteFramebuffers(1, &fbo);
	glDeleteTextures(1, &out);
	glDeleteTextures(1, &tex);
}

/*
 * A 4-sample texture cleared and drawn into (Mesa gives it CMASK and
 * FMASK), then read sample by sample with texelFetch in another draw:
 * Mesa samples it as a 2D_MSAA resource with its FMASK.
 */
TEST_F(tex, texel_fetch_from_multisampled_texture)
{
	GLuint ms, fbo, prog;
	const char *fs =
		"#version 150 core\n"
		"uniform sampler2DMS t;\n"
		"out vec4 c;\n"
		"void main() {\n"
		"  ivec2 p = ivec2(gl_FragCoord.xy);\n"
		"  c = texelFetch(t, p, 0) + texelFetch(t, p, 3);\n"
		"}\n";

	glGenTextures(1, &ms);
	glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, ms);
	glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, SIZE, SIZE, GL_TRUE);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
			       ms, 0);
	ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glViewport(0, 0, SIZE, SIZE);
	glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	prog = mesa_program(quad_vs, "#version 150 core\nout vec4 c;\n"
				"void main() { c = vec4(0.0, 1.0, 0.0, 1.0); }\n");
	ASSERT_NE(prog, 0);
	draw_quad(prog);
	glDeleteProgram(prog);

	fetch_and_check(_metadata, self->minor, self->info, sizeof(self->info), self->checked0,
			self->rejected0, fs, GL_TEXTURE_2D_MULTISAMPLE, ms);
	glDeleteFramebuffers(1, &fbo);
}

/*
 * A 2D array of three 4-sample layers, its second layer rendered into,
 * then fetched with texelFetch on a sampler2DMSArray (2D_ARRAY_MSAA)
 */
TEST_F(tex, texel_fetch_from_multisampled_array)
{
	GLuint ms, fbo;
	const char *fs =
		"#version 150 core\n"
		"uniform sampler2DMSArray t;\n"
		"out vec4 c;\n"
		"void main() { c = texelFetch(t, ivec3(gl_FragCoord.xy, 1), 2); }\n";

	glGenTextures(1, &ms);
	glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, ms);
	glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, SIZE, SIZE, 3,
				GL_TRUE);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ms, 0, 1);
	ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glViewport(0, 0, SIZE, SIZE);
	glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);

	fetch_and_check(_metadata, self->minor, self->info, sizeof(self->info), self->checked0,
			self->rejected0, fs, GL_TEXTURE_2D_MULTISAMPLE_ARRAY, ms);
	glDeleteFramebuffers(1, &fbo);
}

/* A mipmapped 16x16x8 3D texture, uploaded and sampled at every depth */
TEST_F(tex, sampled_3d_texture)
{
	static uint32_t texels[16 * 16 * 8];
	GLuint tex3d;
	unsigned int i;
	const char *fs =
		"#version 150 core\n"
		"uniform sampler3D t;\n"
		"out vec4 c;\n"
		"void main() {\n"
		"  vec2 uv = gl_FragCoord.xy / 32.0;\n"
		"  c = texture(t, vec3(uv, uv.x * uv.y));\n"
		"}\n";

	for (i = 0; i < 16 * 16 * 8; i++)
		texels[i] = i * 0x01020304u;
	glGenTextures(1, &tex3d);
	glBindTexture(GL_TEXTURE_3D, tex3d);
	glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 16, 16, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glGenerateMipmap(GL_TEXTURE_3D);
	glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	glTexSubImage3D(GL_TEXTURE_3D, 0, 4, 4, 2, 8, 8, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels);

	fetch_and_check(_metadata, self->minor, self->info, sizeof(self->info), self->checked0,
			self->rejected0, fs, GL_TEXTURE_3D, tex3d);
}

/*
 * Transform feedback of 3 points into a buffer, rasteriser off, counted
 * by a TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN query (Mesa samples the
 * stream-out statistics before and after) whose result is read back
 */
TEST_F(tex, transform_feedback_with_query)
{
	static const GLfloat pts[] = { 0, 0, 1, 1, 2, 2 };
	static const char * const varyings[] = { "v" };
	GLuint vs, fs, prog, buf, query, fbo, out, written = ~0u;
	GLint ok = 0;

	vs = mesa_shader(GL_VERTEX_SHADER, "#version 150 core\n"
			"in vec2 pos;\n"
			"out vec4 v;\n"
			"void main() { v = vec4(pos, 0.0, 1.0); gl_Position = v; }\n");
	fs = mesa_shader(GL_FRAGMENT_SHADER, "#version 150 core\n"
			"out vec4 c;\nvoid main() { c = vec4(1.0); }\n");
	ASSERT_NE(vs, 0);
	ASSERT_NE(fs, 0);
	prog = glCreateProgram();
	glAttachShader(prog, vs);
	glAttachShader(prog, fs);
	glBindAttribLocation(prog, 0, "pos");
	glTransformFeedbackVaryings(prog, 1, varyings, GL_INTERLEAVED_ATTRIBS);
	glLinkProgram(prog);
	glGetProgramiv(prog, GL_LINK_STATUS, &ok);
	ASSERT_EQ(ok, GL_TRUE);

	/* no default framebuffer without a surface: a complete one, discarded or not */
	fbo = plain_target(&out);
	glGenBuffers(1, &buf);
	glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf);
	glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 3 * 16, NULL, GL_STREAM_READ);
	glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
	glGenQueries(1, &query);
	glUseProgram(prog);
	glEnable(GL_RASTERIZER_DISCARD);
	vertices(pts, 3);
	glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, query);
	glBeginTransformFeedback(GL_POINTS);
	glDrawArrays(GL_POINTS, 0, 3);
	glEndTransformFeedback();
	glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
	glDisable(GL_RASTERIZER_DISCARD);
	glGetQueryObjectuiv(query, GL_QUERY_RESULT, &written);
	/* the simulator rasterises nothing and counts 0; a result came back */
	EXPECT_NE(written, ~0u);
	mesa_all_accepted(_metadata, self->minor, self->info, sizeof(self->info),
			  self->checked0, self->rejected0);
	glDeleteQueries(1, &query);
	glDeleteFramebuffers(1, &fbo);
	glDeleteTextures(1, &out);
	glDeleteBuffers(1, &buf);
	glDeleteProgram(prog);
	glDeleteShader(vs);
	glDeleteShader(fs);
}

TEST_HARNESS_MAIN
