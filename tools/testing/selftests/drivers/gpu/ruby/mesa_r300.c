// SPDX-License-Identifier: GPL-2.0
/*
 * Real userspace on R5xx: Debian's Mesa r300 driver (gallium), unmodified,
 * through EGL on the surfaceless platform (the render node) with a GLES 2
 * context. It must find the chip, clear and draw a triangle into a
 * framebuffer object, draw a textured quad with a depth test into a
 * colour texture and a depth renderbuffer, draw blended from vertex and
 * index buffer objects, clear depth fast with HyperZ (which Mesa asks
 * for and ruby grants it), and read them back, with every
 * command stream it submits accepted by ruby's R5xx checker (ruby_info's
 * "cs rejected" count does not move; dmesg names any refusal) and run to
 * its fence through the simulator's R5xx draw model. Skipped on chips
 * that are not R5xx (mesa_r600 is their client) and when Mesa's EGL is
 * not installed on the host.
 */
#include <stdbool.h>
#include <stdint.h>
#include <unistd.h>
#include <string.h>

#include "../../../kselftest_harness.h"
#include "radeon_util.h"
#include "mesa_util.h"
#include <GLES2/gl2ext.h>

#define SIZE	64
#define VBO_VERTICES	24
#define DEPTH24_STENCIL8	0x88f0	/* OES_packed_depth_stencil */

FIXTURE(r300) {
	int minor;
	EGLDisplay dpy;
	EGLContext ctx;
	char info[4096];
};

FIXTURE_SETUP(r300)
{
	static const EGLint attrs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };

	self->minor = ruby_card_minor();
	if (self->minor < 0)
		SKIP(return, "no device bound to ruby");
	if (!ruby_is_r5xx()) {
		self->minor = -1;
		SKIP(return, "not an R5xx: Mesa drives this chip with r600 (mesa_r600)");
	}
	mesa_egl_setup(_metadata, attrs, &self->dpy, &self->ctx);
}

FIXTURE_TEARDOWN(r300)
{
	if (self->minor < 0)
		return;
	mesa_egl_teardown(self->dpy, self->ctx);
}

TEST_F(r300, r300_finds_the_chip)
{
	const char *renderer = (const char *)glGetString(GL_RENDERER);
	char chip[32];

	ASSERT_NE(renderer, NULL);
	TH_LOG("GL_RENDERER: %s", renderer);
	TH_LOG("GL_VERSION: %s", (const char *)glGetString(GL_VERSION));
	/* Mesa's r300 names the chip ruby drives ("ATI RV515"), no DRM version */
	ASSERT_TRUE(ruby_chip_name(chip, sizeof(chip)));
	EXPECT_NE(strstr(renderer, chip), NULL);
	EXPECT_NE(strstr((const char *)glGetString(GL_VERSION), "Mesa"), NULL);
}

/* A framebuffer object of a SIZE x SIZE colour texture @tex, and depth @rb if not 0 */
static GLuint target(struct __test_metadata *_metadata, GLuint tex, GLuint rb)
{
	GLuint fbo;

	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, SIZE, SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	if (rb) {
		glBindRenderbuffer(GL_RENDERBUFFER, rb);
		glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, SIZE, SIZE);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
	}
	EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glViewport(0, 0, SIZE, SIZE);
	return fbo;
}

/* Read the target back: Mesa flushes, waits and maps it; every stream accepted */
static void read_back_all_accepted(struct __test_metadata *_metadata, int minor, char *info,
				   size_t size, long checked0, long rejected0)
{
	static uint8_t pixels[SIZE * SIZE * 4];

	glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	mesa_all_accepted(_metadata, minor, info, size, checked0, rejected0);
}

TEST_F(r300, clear_and_triangle)
{
	static const GLfloat tri[] = { -0.5f, -0.5f, 0.5f, -0.5f, 0.0f, 0.5f };
	long checked0, rejected0;
	GLuint tex, fbo, prog;

	mesa_cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &checked0,
		       &rejected0);
	glGenTextures(1, &tex);
	fbo = target(_metadata, tex, 0);
	glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	prog = mesa_program("attribute vec2 pos;\n"
			    "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
			    "void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n");
	ASSERT_NE(prog, 0);
	glUseProgram(prog);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	read_back_all_accepted(_metadata, self->minor, self->info, sizeof(self->info), checked0,
			       rejected0);
	glDeleteProgram(prog);
	glDeleteFramebuffers(1, &fbo);
	glDeleteTextures(1, &tex);
}

TEST_F(r300, textured_quad_with_depth_test)
{
	static const GLfloat quad[] = { -1, -1, 0.5f, 1, -1, 0.5f, -1, 1, 0.5f, 1, 1, 0.5f };
	static const GLushort order[] = { 0, 1, 2, 2, 1, 3 };
	static uint32_t texels[32 * 32];
	long checked0, rejected0;
	GLuint tex[2], rb, fbo, prog;
	unsigned int i;

	mesa_cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &checked0,
		       &rejected0);
	for (i = 0; i < 32 * 32; i++)
		texels[i] = i & 1 ? 0xff00ff00 : 0xffff0000;
	glGenTextures(2, tex);
	/* a mipmapped texture to sample, uploaded by Mesa as it likes */
	glBindTexture(GL_TEXTURE_2D, tex[0]);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glGenerateMipmap(GL_TEXTURE_2D);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	glGenRenderbuffers(1, &rb);
	fbo = target(_metadata, tex[1], rb);
	glEnable(GL_DEPTH_TEST);
	glClearDepthf(1.0f);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	prog = mesa_program("attribute vec3 pos;\n"
			    "varying vec2 uv;\n"
			    "void main() { uv = pos.xy * 0.5 + 0.5; gl_Position = vec4(pos, 1.0); }\n",
			    "precision mediump float;\n"
			    "uniform sampler2D t;\n"
			    "varying vec2 uv;\n"
			    "void main() { gl_FragColor = texture2D(t, uv); }\n");
	ASSERT_NE(prog, 0);
	glUseProgram(prog);
	glBindTexture(GL_TEXTURE_2D, tex[0]);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	/* a strip, then the same quad indexed: both of r300's draw paths */
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
	glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, order);
	read_back_all_accepted(_metadata, self->minor, self->info, sizeof(self->info), checked0,
			       rejected0);
	glDeleteProgram(prog);
	glDeleteFramebuffers(1, &fbo);
	glDeleteRenderbuffers(1, &rb);
	glDeleteTextures(2, tex);
}

/*
 * Vertices and indices in buffer objects: Mesa points 3D_LOAD_VBPNTR at
 * the vertex buffer (a listed draw) and feeds an indexed one from the
 * element buffer with INDX_BUFFER; blended, into the colour texture
 */
TEST_F(r300, buffer_objects_listed_and_indexed)
{
	static const GLushort order[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 2, 4 };
	static GLfloat verts[VBO_VERTICES * 2];
	long checked0, rejected0;
	GLuint tex, fbo, prog, buf[2];
	unsigned int i;

	/* eight thin triangles across the target: more than Mesa draws immediately */
	for (i = 0; i < VBO_VERTICES; i++) {
		verts[2 * i] = -1.0f + 0.25f * (i / 3) + (i % 3 == 1 ? 0.25f : 0.0f);
		verts[2 * i + 1] = i % 3 == 2 ? 1.0f : -1.0f;
	}

	mesa_cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &checked0,
		       &rejected0);
	glGenTextures(1, &tex);
	fbo = target(_metadata, tex, 0);
	glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	prog = mesa_program("attribute vec2 pos;\n"
			    "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
			    "void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 0.5); }\n");
	ASSERT_NE(prog, 0);
	glUseProgram(prog);
	glGenBuffers(2, buf);
	glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
	glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[1]);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(order), order, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	glEnableVertexAttribArray(0);
	glEnable(GL_BLEND);
	glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
	glDrawArrays(GL_TRIANGLES, 0, VBO_VERTICES);
	glDrawElements(GL_TRIANGLES, 12, GL_UNSIGNED_SHORT, NULL);
	read_back_all_accepted(_metadata, self->minor, self->info, sizeof(self->info), checked0,
			       rejected0);
	glDisable(GL_BLEND);
	glDeleteBuffers(2, buf);
	glDeleteProgram(prog);
	glDeleteFramebuffers(1, &fbo);
	glDeleteTextures(1, &tex);
}

/*
 * HyperZ: on R500 Mesa's r300 asks for it (INFO WANT_HYPERZ) at its first
 * fast depth clear, and ruby grants it to the first client that asks: its
 * clears then use the ZMASK and HiZ RAMs (3D_CLEAR_ZMASK/HIZ) and its
 * draws HiZ, which the checker lets only the owner do. Another client
 * asking meanwhile is refused.
 */
TEST_F(r300, hyperz_depth_clears_and_tests)
{
	static const GLfloat quad[] = { -1, -1, 0.5f, 1, -1, 0.5f, -1, 1, 0.5f, 1, 1, 0.5f };
	long checked0, rejected0;
	GLuint tex, rb, fbo, prog;
	uint64_t want = 1;
	int i, other;

	mesa_cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &checked0,
		       &rejected0);
	glGenTextures(1, &tex);
	fbo = target(_metadata, tex, 0);
	/* 24-bit depth and stencil, cleared together: what fast Z clears take */
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, DEPTH24_STENCIL8, SIZE, SIZE);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
	ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	prog = mesa_program("attribute vec3 pos;\n"
			    "void main() { gl_Position = vec4(pos, 1.0); }\n",
			    "void main() { gl_FragColor = vec4(1.0, 1.0, 0.0, 1.0); }\n");
	ASSERT_NE(prog, 0);
	glUseProgram(prog);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glEnable(GL_DEPTH_TEST);
	for (i = 0; i < 3; i++) {
		glClearDepthf(1.0f);
		glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
		glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
	}
	read_back_all_accepted(_metadata, self->minor, self->info, sizeof(self->info), checked0,
			       rejected0);
	/* Mesa holds HyperZ: another client is not given it */
	other = ruby_open_node("renderD");
	ASSERT_GE(other, 0);
	ASSERT_EQ(radeon_info(other, RADEON_INFO_WANT_HYPERZ, &want), 0);
	EXPECT_EQ(want & 0xffffffff, 0);
	close(other);
	glDeleteProgram(prog);
	glDeleteFramebuffers(1, &fbo);
	glDeleteRenderbuffers(1, &rb);
	glDeleteTextures(1, &tex);
}

/* A texture of @target's face or level 0 from @texels, clamped, linear */
static void texture(GLenum target, GLuint tex, GLsizei w, GLsizei h, const void *texels)
{
	GLenum bind = target == GL_TEXTURE_2D ? GL_TEXTURE_2D : GL_TEXTURE_CUBE_MAP;

	glBindTexture(bind, tex);
	glTexImage2D(target, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glTexParameteri(bind, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	glTexParameteri(bind, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
	glTexParameteri(bind, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
}

/*
 * Three textures sampled in one draw: a mipmapped cube map, a 50x30
 * (not a power of two) texture and, when Mesa offers DXT1, a compressed
 * one, in units 0-2
 */
TEST_F(r300, cube_npot_and_compressed_textures)
{
	static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
	static uint32_t texels[64 * 64];
	static uint8_t blocks[16 * 16 / 2];	/* DXT1: 8 bytes a 4x4 block */
	const char *ext = (const char *)glGetString(GL_EXTENSIONS);
	bool dxt1 = ext && strstr(ext, "GL_EXT_texture_compression_dxt1");
	long checked0, rejected0;
	GLuint tex[4], fbo, prog;
	unsigned int i;

	mesa_cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &checked0,
		       &rejected0);
	for (i = 0; i < 64 * 64; i++)
		texels[i] = 0xff000000 | i * 2654435761u;
	memset(blocks, 0x5a, sizeof(blocks));
	glGenTextures(4, tex);
	fbo = target(_metadata, tex[3], 0);
	glActiveTexture(GL_TEXTURE0);
	for (i = 0; i < 6; i++)
		texture(GL_TEXTURE_CUBE_MAP_POSITIVE_X + i, tex[0], 32, 32, texels);
	glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
	glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	glActiveTexture(GL_TEXTURE1);
	texture(GL_TEXTURE_2D, tex[1], 50, 30, texels);
	glActiveTexture(GL_TEXTURE2);
	texture(GL_TEXTURE_2D, tex[2], 16, 16, texels);
	if (dxt1)
		glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 16, 16,
				       0, sizeof(blocks), blocks);
	else
		TH_LOG("no EXT_texture_compression_dxt1: unit 2 is uncompressed");
	EXPECT_EQ(glGetError(), GL_NO_ERROR);
	prog = mesa_program("attribute vec2 pos;\n"
			    "varying vec2 uv;\n"
			    "void main() { uv = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n",
			    "precision mediump float;\n"
			    "uniform samplerCube c;\n"
			    "uniform sampler2D n, d;\n"
			    "varying vec2 uv;\n"
			    "void main() {\n"
			    "  gl_FragColor = textureCube(c, vec3(uv, 1.0)) * 0.4 +\n"
			    "                 texture2D(n, uv) * 0.3 + texture2D(d, uv) * 0.3;\n"
			    "}\n");
	ASSERT_NE(prog, 0);
	glUseProgram(prog);
	glUniform1i(glGetUniformLocation(prog, "c"), 0);
	glUniform1i(glGetUniformLocation(prog, "n"), 1);
	glUniform1i(glGetUniformLocation(prog, "d"), 2);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
	read_back_all_accepted(_metadata, self->minor, self->info, sizeof(self->info), checked0,
			       rejected0);
	glActiveTexture(GL_TEXTURE0);
	glDeleteProgram(prog);
	glDeleteFramebuffers(1, &fbo);
	glDeleteTextures(4, tex);
}

/*
 * An occlusion query (EXT_occlusion_query_boolean): Mesa's r300 ends it by
 * writing ZB_ZPASS_ADDR, once per Z pipe, and the Z unit stores its count
 * in the query's buffer; the result is read back from there
 */
TEST_F(r300, occlusion_query)
{
	static const GLfloat tri[] = { -0.5f, -0.5f, 0.5f, -0.5f, 0.0f, 0.5f };
	PFNGLGENQUERIESEXTPROC gen_queries;
	PFNGLBEGINQUERYEXTPROC begin_query;
	PFNGLENDQUERYEXTPROC end_query;
	PFNGLGETQUERYOBJECTUIVEXTPROC get_result;
	PFNGLDELETEQUERIESEXTPROC delete_queries;
	const char *ext = (const char *)glGetString(GL_EXTENSIONS);
	long checked0, rejected0;
	GLuint tex, fbo, prog, query, result = 2;

	if (!ext || !strstr(ext, "GL_EXT_occlusion_query_boolean"))
		SKIP(return, "Mesa offers no EXT_occlusion_query_boolean");
	gen_queries = (PFNGLGENQUERIESEXTPROC)eglGetProcAddress("glGenQueriesEXT");
	begin_query = (PFNGLBEGINQUERYEXTPROC)eglGetProcAddress("glBeginQueryEXT");
	end_query = (PFNGLENDQUERYEXTPROC)eglGetProcAddress("glEndQueryEXT");
	get_result = (PFNGLGETQUERYOBJECTUIVEXTPROC)eglGetProcAddress("glGetQueryObjectuivEXT");
	delete_queries = (PFNGLDELETEQUERIESEXTPROC)eglGetProcAddress("glDeleteQueriesEXT");
	ASSERT_TRUE(gen_queries && begin_query && end_query && get_result && delete_queries);
	mesa_cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &checked0,
		       &rejected0);
	glGenTextures(1, &tex);
	fbo = target(_metadata, tex, 0);
	glClear(GL_COLOR_BUFFER_BIT);
	prog = mesa_program("attribute vec2 pos;\n"
			    "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
			    "void main() { gl_FragColor = vec4(1.0); }\n");
	ASSERT_NE(prog, 0);
	glUseProgram(prog);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
	glEnableVertexAttribArray(0);
	gen_queries(1, &query);
	begin_query(GL_ANY_SAMPLES_PASSED_EXT, query);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	end_query(GL_ANY_SAMPLES_PASSED_EXT);
	get_result(query, GL_QUERY_RESULT_EXT, &result);
	/* the simulator renders nothing: whatever it counted, a boolean */
	EXPECT_LE(result, 1);
	mesa_all_accepted(_metadata, self->minor, self->info, sizeof(self->info), checked0,
			  rejected0);
	delete_queries(1, &query);
	glDeleteProgram(prog);
	glDeleteFramebuffers(1, &fbo);
	glDeleteTextures(1, &tex);
}

TEST_HARNESS_MAIN
