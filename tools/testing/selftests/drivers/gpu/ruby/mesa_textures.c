// SPDX-License-Identifier: GPL-2.0
/*
 * Debian's Mesa r600, unmodified, through EGL on the surfaceless platform
 * (GLES 3.1), on the texture features ruby's checker bounds beyond the
 * basics: a multisampled texture rendered into and read with texelFetch
 * on a sampler2DMS (Mesa binds its FMASK with it), a multisampled 2D
 * array texture the same way, a mipmapped 3D texture sampled, and
 * transform feedback with a primitives-written query. Every stream Mesa
 * submits must be accepted (ruby_info's "cs rejected" does not move).
 * Skipped when there is no device bound to ruby.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl31.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"

#define SIZE	32

/* GL_OES_texture_storage_multisample_2d_array, where GLES 3.1 has it */
#define TEXTURE_2D_MULTISAMPLE_ARRAY	0x9102
typedef void (*tex_storage_3d_ms_fn)(GLenum target, GLsizei samples, GLenum format,
				     GLsizei w, GLsizei h, GLsizei depth, GLboolean fixed);

FIXTURE(tex) {
	int minor;
	EGLDisplay dpy;
	EGLContext ctx;
	long checked0, rejected0;
	char info[4096];
};

/* The "cs checked" / "cs rejected" counts of ruby_info */
static void cs_counts(struct __test_metadata *_metadata, int minor, char *buf,
		      size_t size, long *checked, long *rejected)
{
	ASSERT_EQ(ruby_debugfs_read(minor, "ruby_info", buf, size), 0);
	*checked = ruby_text_int(buf, "cs checked");
	*rejected = ruby_text_int(buf, "cs rejected");
	ASSERT_GE(*checked, 0);
	ASSERT_GE(*rejected, 0);
}

FIXTURE_SETUP(tex)
{
	static const EGLint attrs[] = { EGL_CONTEXT_MAJOR_VERSION, 3,
					EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE };
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_display;
	EGLint major, minor;

	self->minor = ruby_card_minor();
	if (self->minor < 0)
		SKIP(return, "no device bound to ruby");
	setenv("MESA_SHADER_CACHE_DISABLE", "true", 1);
	setenv("RADEON_THREAD", "false", 1);
	get_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)
		      eglGetProcAddress("eglGetPlatformDisplayEXT");
	ASSERT_NE(get_display, NULL);
	self->dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	ASSERT_NE(self->dpy, EGL_NO_DISPLAY);
	ASSERT_EQ(eglInitialize(self->dpy, &major, &minor), EGL_TRUE);
	ASSERT_EQ(eglBindAPI(EGL_OPENGL_ES_API), EGL_TRUE);
	self->ctx = eglCreateContext(self->dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
	ASSERT_NE(self->ctx, EGL_NO_CONTEXT);
	ASSERT_EQ(eglMakeCurrent(self->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, self->ctx),
		  EGL_TRUE);
	cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &self->checked0,
		  &self->rejected0);
}

FIXTURE_TEARDOWN(tex)
{
	if (self->minor < 0)
		return;
	eglMakeCurrent(self->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroyContext(self->dpy, self->ctx);
	eglTerminate(self->dpy);
}

/*
 * Wait for all the GL work (Mesa flushes and waits on its fences), then
 * GL must be happy and ruby must have accepted every stream since the
 * fixture started.
 */
static void all_accepted(struct __test_metadata *_metadata, int minor, char *info,
			 size_t size, long checked0, long rejected0)
{
	long checked, rejected;

	glFinish();
	EXPECT_EQ(glGetError(), GL_NO_ERROR);
	cs_counts(_metadata, minor, info, size, &checked, &rejected);
	TH_LOG("streams checked: %ld, rejected: %ld", checked - checked0, rejected - rejected0);
	if (rejected != rejected0)
		TH_LOG("%s", info);
	EXPECT_EQ(rejected, rejected0);
	EXPECT_GT(checked, checked0);
}

static GLuint shader(GLenum type, const char *src)
{
	GLuint s = glCreateShader(type);
	GLint ok = 0;
	char log[512];

	glShaderSource(s, 1, &src, NULL);
	glCompileShader(s);
	glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		glGetShaderInfoLog(s, sizeof(log), NULL, log);
		fprintf(stderr, "# compile error: %s\n", log);
	}
	return ok ? s : 0;
}

/* A program of a vertex and a fragment shader, "pos" at attribute 0; 0 if not */
static GLuint program(const char *vs_src, const char *fs_src)
{
	GLuint vs = shader(GL_VERTEX_SHADER, vs_src), fs = shader(GL_FRAGMENT_SHADER, fs_src);
	GLuint prog = 0;
	GLint ok = 0;

	if (vs && fs) {
		prog = glCreateProgram();
		glAttachShader(prog, vs);
		glAttachShader(prog, fs);
		glBindAttribLocation(prog, 0, "pos");
		glLinkProgram(prog);
		glGetProgramiv(prog, GL_LINK_STATUS, &ok);
	}
	glDeleteShader(vs);
	glDeleteShader(fs);
	if (prog && !ok) {
		glDeleteProgram(prog);
		prog = 0;
	}
	return prog;
}

static const char quad_vs[] =
	"#version 310 es\n"
	"in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* Draw a quad over the whole target with @prog */
static void draw_quad(GLuint prog)
{
	static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };

	glUseProgram(prog);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* A framebuffer of one SIZE x SIZE RGBA8 texture; the texture in *@tex */
static GLuint plain_target(GLuint *tex)
{
	GLuint fbo;

	glGenTextures(1, tex);
	glBindTexture(GL_TEXTURE_2D, *tex);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, SIZE, SIZE);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
	glViewport(0, 0, SIZE, SIZE);
	return fbo;
}

/*
 * A 4-sample texture cleared and drawn into (Mesa gives it CMASK and
 * FMASK), then read sample by sample with texelFetch in another draw:
 * Mesa samples it as a 2D_MSAA resource with its FMASK.
 */
TEST_F(tex, texel_fetch_from_multisampled_texture)
{
	GLuint ms, fbo[2], out, prog;
	const char *fs =
		"#version 310 es\n"
		"precision highp float;\n"
		"uniform highp sampler2DMS t;\n"
		"out vec4 c;\n"
		"void main() {\n"
		"  ivec2 p = ivec2(gl_FragCoord.xy);\n"
		"  c = texelFetch(t, p, 0) + texelFetch(t, p, 3);\n"
		"}\n";

	glGenTextures(1, &ms);
	glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, ms);
	glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, SIZE, SIZE, GL_TRUE);
	glGenFramebuffers(1, &fbo[0]);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
			       ms, 0);
	ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glViewport(0, 0, SIZE, SIZE);
	glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	prog = program(quad_vs, "#version 310 es\nprecision mediump float;\nout vec4 c;\n"
				"void main() { c = vec4(0.0, 1.0, 0.0, 1.0); }\n");
	ASSERT_NE(prog, 0);
	draw_quad(prog);
	glDeleteProgram(prog);

	fbo[1] = plain_target(&out);
	prog = program(quad_vs, fs);
	ASSERT_NE(prog, 0);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, ms);
	draw_quad(prog);
	all_accepted(_metadata, self->minor, self->info, sizeof(self->info), self->checked0,
		     self->rejected0);
	glDeleteProgram(prog);
	glDeleteFramebuffers(2, fbo);
	glDeleteTextures(1, &ms);
	glDeleteTextures(1, &out);
}

/*
 * A 2D array of three 4-sample layers, its second layer rendered into,
 * then fetched with texelFetch on a sampler2DMSArray (2D_ARRAY_MSAA)
 */
TEST_F(tex, texel_fetch_from_multisampled_array)
{
	tex_storage_3d_ms_fn storage = (tex_storage_3d_ms_fn)
		eglGetProcAddress("glTexStorage3DMultisampleOES");
	const char *ext = (const char *)glGetString(GL_EXTENSIONS);
	GLuint ms, fbo[2], out, prog;
	const char *fs =
		"#version 310 es\n"
		"#extension GL_OES_texture_storage_multisample_2d_array : require\n"
		"precision highp float;\n"
		"uniform highp sampler2DMSArray t;\n"
		"out vec4 c;\n"
		"void main() { c = texelFetch(t, ivec3(gl_FragCoord.xy, 1), 2); }\n";

	if (!ext || !strstr(ext, "GL_OES_texture_storage_multisample_2d_array") || !storage)
		SKIP(return, "no multisampled 2D array textures in this GLES");
	glGenTextures(1, &ms);
	glBindTexture(TEXTURE_2D_MULTISAMPLE_ARRAY, ms);
	storage(TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, SIZE, SIZE, 3, GL_TRUE);
	glGenFramebuffers(1, &fbo[0]);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
	glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ms, 0, 1);
	ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glViewport(0, 0, SIZE, SIZE);
	glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);

	fbo[1] = plain_target(&out);
	prog = program(quad_vs, fs);
	ASSERT_NE(prog, 0);
	glBindTexture(TEXTURE_2D_MULTISAMPLE_ARRAY, ms);
	draw_quad(prog);
	all_accepted(_metadata, self->minor, self->info, sizeof(self->info), self->checked0,
		     self->rejected0);
	glDeleteProgram(prog);
	glDeleteFramebuffers(2, fbo);
	glDeleteTextures(1, &ms);
	glDeleteTextures(1, &out);
}

/* A mipmapped 16x16x8 3D texture, uploaded and sampled at every depth */
TEST_F(tex, sampled_3d_texture)
{
	static uint32_t texels[16 * 16 * 8];
	GLuint tex3d, fbo, out, prog;
	unsigned int i;
	const char *fs =
		"#version 310 es\n"
		"precision mediump float;\n"
		"uniform mediump sampler3D t;\n"
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

	fbo = plain_target(&out);
	prog = program(quad_vs, fs);
	ASSERT_NE(prog, 0);
	glBindTexture(GL_TEXTURE_3D, tex3d);
	draw_quad(prog);
	all_accepted(_metadata, self->minor, self->info, sizeof(self->info), self->checked0,
		     self->rejected0);
	glDeleteProgram(prog);
	glDeleteFramebuffers(1, &fbo);
	glDeleteTextures(1, &tex3d);
	glDeleteTextures(1, &out);
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
	GLuint vs, fs, prog, buf, query, written = ~0u;
	GLint ok = 0;

	vs = shader(GL_VERTEX_SHADER, "#version 310 es\n"
			"in vec2 pos;\n"
			"out vec4 v;\n"
			"void main() { v = vec4(pos, 0.0, 1.0); gl_Position = v; }\n");
	fs = shader(GL_FRAGMENT_SHADER, "#version 310 es\nprecision mediump float;\n"
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

	glGenBuffers(1, &buf);
	glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf);
	glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 3 * 16, NULL, GL_STREAM_READ);
	glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
	glGenQueries(1, &query);
	glUseProgram(prog);
	glEnable(GL_RASTERIZER_DISCARD);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pts);
	glEnableVertexAttribArray(0);
	glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, query);
	glBeginTransformFeedback(GL_POINTS);
	glDrawArrays(GL_POINTS, 0, 3);
	glEndTransformFeedback();
	glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
	glDisable(GL_RASTERIZER_DISCARD);
	glGetQueryObjectuiv(query, GL_QUERY_RESULT, &written);
	/* the simulator rasterises nothing and counts 0; a result came back */
	EXPECT_NE(written, ~0u);
	all_accepted(_metadata, self->minor, self->info, sizeof(self->info), self->checked0,
		     self->rejected0);
	glDeleteQueries(1, &query);
	glDeleteBuffers(1, &buf);
	glDeleteProgram(prog);
	glDeleteShader(vs);
	glDeleteShader(fs);
}

TEST_HARNESS_MAIN
