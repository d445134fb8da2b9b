// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 *
 * KUnit tests of DisplayPort: the link a mode takes, the slower ones it
 * falls back to, and which modes a sink can show (ruby_dp.c), the link
 * training state machine and its fallback against a fake sink behind a
 * fake AUX channel, and DCE4's AUX request bytes (evergreen_dp.c).
 */

#include <kunit/test.h>

#include <drm/display/drm_dp_helper.h>
#include <drm/drm_modes.h>

#include "../evergreen/evergreen.h"
#include "../ruby_display.h"

/* receiver caps: DPCD 1.2, max rate as a bandwidth code, max lanes */
static void dp_caps(u8 *dpcd, u8 bw, u8 lanes)
{
	memset(dpcd, 0, DP_RECEIVER_CAP_SIZE);
	dpcd[DP_DPCD_REV] = 0x12;
	dpcd[DP_MAX_LINK_RATE] = bw;
	dpcd[DP_MAX_LANE_COUNT] = lanes | DP_ENHANCED_FRAME_CAP;
}

static void ruby_dp_link_config_choice(struct kunit *test)
{
	static const struct {
		u8 bw, lanes;
		u32 clock;
		int ret;
		unsigned int want_lanes;
		u32 want_rate;
	} cases[] = {
		/* fewest lanes first, then the lowest rate */
		{ DP_LINK_BW_2_7, 4, 25175, 0, 1, 162000 },
		{ DP_LINK_BW_2_7, 4, 54000, 0, 1, 162000 },	/* exactly full */
		{ DP_LINK_BW_2_7, 4, 54001, 0, 1, 270000 },
		{ DP_LINK_BW_2_7, 4, 74250, 0, 1, 270000 },
		{ DP_LINK_BW_2_7, 4, 90001, 0, 2, 162000 },
		{ DP_LINK_BW_2_7, 4, 148500, 0, 2, 270000 },
		{ DP_LINK_BW_2_7, 4, 297000, 0, 4, 270000 },
		{ DP_LINK_BW_2_7, 4, 360000, 0, 4, 270000 },
		{ DP_LINK_BW_2_7, 4, 360001, -ERANGE },
		/* the sink's limits */
		{ DP_LINK_BW_1_62, 4, 148500, 0, 4, 162000 },
		{ DP_LINK_BW_1_62, 2, 148500, -ERANGE },
		{ DP_LINK_BW_2_7, 1, 74250, 0, 1, 270000 },
		{ DP_LINK_BW_2_7, 1, 108000, -ERANGE },
		/* a 5.4 Gb/s sink gets DCE4's 2.7 at most */
		{ DP_LINK_BW_5_4, 4, 297000, 0, 4, 270000 },
		{ DP_LINK_BW_5_4, 4, 533250, -ERANGE },
		/* 3 lanes is no lane count: 2 is the most it takes */
		{ DP_LINK_BW_2_7, 3, 148500, 0, 2, 270000 },
		/* no caps: no sink */
		{ 0, 0, 25175, -ENODEV },
	};
	u8 dpcd[DP_RECEIVER_CAP_SIZE];
	unsigned int i, lanes;
	u32 rate;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		dp_caps(dpcd, cases[i].bw, cases[i].lanes);
		if (!cases[i].bw)
			memset(dpcd, 0, sizeof(dpcd));
		lanes = 0;
		rate = 0;
		KUNIT_EXPECT_EQ_MSG(test, ruby_dp_link_config(dpcd, cases[i].clock, 24, &lanes,
							      &rate),
				    cases[i].ret, "case %u: %u kHz", i, cases[i].clock);
		if (cases[i].ret)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, lanes, cases[i].want_lanes, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, rate, cases[i].want_rate, "case %u", i);
	}
}

/* the links ruby_dp_link_next() gives one after the other, until none */
static void ruby_dp_link_fallback_order(struct kunit *test)
{
	static const struct {
		u8 bw, lanes;
		u32 clock;
		unsigned int n;
		struct { unsigned int lanes; u32 rate; } links[4];
	} cases[] = {
		/* the rate first: 4 lanes at 1.62 after 2 at 2.7 failed */
		{ DP_LINK_BW_2_7, 4, 148500, 2, { { 2, 270000 }, { 4, 162000 } } },
		/* and 2 lanes at 1.62 after 1 at 2.7 */
		{ DP_LINK_BW_2_7, 4, 65000, 2, { { 1, 270000 }, { 2, 162000 } } },
		/* the slowest link already: no fallback */
		{ DP_LINK_BW_2_7, 4, 25175, 1, { { 1, 162000 } } },
		/* nothing slower carries it: no fallback */
		{ DP_LINK_BW_2_7, 2, 148500, 1, { { 2, 270000 } } },
		{ DP_LINK_BW_1_62, 4, 148500, 1, { { 4, 162000 } } },
		{ DP_LINK_BW_2_7, 4, 297000, 1, { { 4, 270000 } } },
	};
	u8 dpcd[DP_RECEIVER_CAP_SIZE];
	struct ruby_dp_fallback fb;
	unsigned int i, k, lanes;
	u32 rate, clock;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		dp_caps(dpcd, cases[i].bw, cases[i].lanes);
		fb = (struct ruby_dp_fallback){};
		clock = cases[i].clock;
		for (k = 0; k < cases[i].n; k++) {
			KUNIT_ASSERT_EQ_MSG(test, ruby_dp_link_next(dpcd, clock, 24, &fb, &lanes,
								    &rate), 0,
					    "case %u, link %u", i, k);
			KUNIT_EXPECT_EQ_MSG(test, lanes, cases[i].links[k].lanes,
					    "case %u, link %u", i, k);
			KUNIT_EXPECT_EQ_MSG(test, rate, cases[i].links[k].rate,
					    "case %u, link %u", i, k);
		}
		KUNIT_EXPECT_EQ_MSG(test, ruby_dp_link_next(dpcd, clock, 24, &fb, &lanes, &rate),
				    -ERANGE, "case %u: one too many", i);
	}
	/* the first link is the one atomic_check found; no sink, no link */
	fb = (struct ruby_dp_fallback){};
	memset(dpcd, 0, sizeof(dpcd));
	KUNIT_EXPECT_EQ(test, ruby_dp_link_next(dpcd, 25175, 24, &fb, &lanes, &rate), -ENODEV);
}

static void ruby_dp_mode_validity(struct kunit *test)
{
	u8 dpcd[DP_RECEIVER_CAP_SIZE];

	dp_caps(dpcd, DP_LINK_BW_1_62, 2);
	KUNIT_EXPECT_EQ(test, ruby_dp_mode_valid(dpcd, 74250, 24), MODE_OK);
	KUNIT_EXPECT_EQ(test, ruby_dp_mode_valid(dpcd, 108000, 24), MODE_OK);
	KUNIT_EXPECT_EQ(test, ruby_dp_mode_valid(dpcd, 108001, 24), MODE_CLOCK_HIGH);
	KUNIT_EXPECT_EQ(test, ruby_dp_mode_valid(dpcd, 148500, 24), MODE_CLOCK_HIGH);
	/* fewer bits a pixel, more pixels */
	KUNIT_EXPECT_EQ(test, ruby_dp_mode_valid(dpcd, 144000, 18), MODE_OK);
	memset(dpcd, 0, sizeof(dpcd));
	KUNIT_EXPECT_EQ(test, ruby_dp_mode_valid(dpcd, 25175, 24), MODE_BAD);
}

/* ---- a fake sink behind a fake AUX channel ---- */

enum sink_kind {
	SINK_GOOD,		/* locks and equalises at once */
	SINK_ADJUST,		/* locks at swing 2, equalises at pre-emphasis 1 */
	SINK_NEVER_LOCKS,	/* asks for nothing, never locks */
	SINK_MAX_SWING,		/* asks for swing 3, never locks */
	SINK_NEVER_EQ,		/* locks, never equalises */
	SINK_DEAD,		/* no AUX reply */
	SINK_SLOW,		/* locks and equalises at 1.62 Gb/s only */
};

struct fake_sink {
	struct drm_dp_aux aux;
	enum sink_kind kind;
	u8 regs[0x700];
	unsigned int lanes;
	/* the source's side, as the training drove it */
	enum ruby_dp_step steps[64];
	unsigned int num_steps, num_levels;
	u8 last_levels;
	/* the links the source was set up for (ruby_dp_train_fallback()) */
	struct { unsigned int lanes; u32 rate; } links[8];
	unsigned int num_links;
	int link_err;
};

static bool sink_lane_ok(const struct fake_sink *s, unsigned int lane, bool eq)
{
	u8 set = s->regs[DP_TRAINING_LANE0_SET + lane];
	u8 swing = set & DP_TRAIN_VOLTAGE_SWING_MASK;
	u8 pre = (set & DP_TRAIN_PRE_EMPHASIS_MASK) >> DP_TRAIN_PRE_EMPHASIS_SHIFT;

	switch (s->kind) {
	case SINK_GOOD:
		return true;
	case SINK_ADJUST:
		return swing >= DP_TRAIN_VOLTAGE_SWING_LEVEL_2 && (!eq || pre >= 1);
	case SINK_NEVER_EQ:
		return !eq;
	case SINK_SLOW:
		return s->regs[DP_LINK_BW_SET] == DP_LINK_BW_1_62;
	default:
		return false;
	}
}

/* the lane status and adjust requests the sink shows for what it was sent */
static void sink_update(struct fake_sink *s)
{
	u8 tp = s->regs[DP_TRAINING_PATTERN_SET] & DP_TRAINING_PATTERN_MASK;
	u8 ask = 0;
	unsigned int lane;

	if (s->kind == SINK_ADJUST)
		ask = DP_TRAIN_VOLTAGE_SWING_LEVEL_2 | DP_TRAIN_PRE_EMPH_LEVEL_1;
	else if (s->kind == SINK_MAX_SWING)
		ask = DP_TRAIN_VOLTAGE_SWING_LEVEL_3;
	memset(&s->regs[DP_LANE0_1_STATUS], 0, 2);
	for (lane = 0; lane < s->lanes; lane++) {
		u8 st = 0;

		if (tp && sink_lane_ok(s, lane, false))
			st |= DP_LANE_CR_DONE;
		if (tp == DP_TRAINING_PATTERN_2 && sink_lane_ok(s, lane, true))
			st |= DP_LANE_CHANNEL_EQ_DONE | DP_LANE_SYMBOL_LOCKED;
		s->regs[DP_LANE0_1_STATUS + lane / 2] |= st << (4 * (lane & 1));
	}
	s->regs[DP_LANE_ALIGN_STATUS_UPDATED] = tp == DP_TRAINING_PATTERN_2 &&
		sink_lane_ok(s, 0, true) ? DP_INTERLANE_ALIGN_DONE : 0;
	/* the adjust requests: 2 bits of swing, 2 of pre-emphasis a lane */
	s->regs[DP_ADJUST_REQUEST_LANE0_1] = (ask & 3) | ((ask >> 3) & 3) << 2;
	s->regs[DP_ADJUST_REQUEST_LANE0_1] |= s->regs[DP_ADJUST_REQUEST_LANE0_1] << 4;
	s->regs[DP_ADJUST_REQUEST_LANE2_3] = s->regs[DP_ADJUST_REQUEST_LANE0_1];
}

static ssize_t sink_transfer(struct drm_dp_aux *aux, struct drm_dp_aux_msg *msg)
{
	struct fake_sink *s = container_of(aux, struct fake_sink, aux);

	if (s->kind == SINK_DEAD)
		return -ETIMEDOUT;
	if (msg->address + msg->size > sizeof(s->regs))
		return -EINVAL;
	msg->reply = DP_AUX_NATIVE_REPLY_ACK;
	if (msg->request == DP_AUX_NATIVE_READ) {
		memcpy(msg->buffer, &s->regs[msg->address], msg->size);
		return msg->size;
	}
	if (msg->request != DP_AUX_NATIVE_WRITE)
		return -EINVAL;
	memcpy(&s->regs[msg->address], msg->buffer, msg->size);
	sink_update(s);
	return msg->size;
}

static int source_step(void *ctx, enum ruby_dp_step step)
{
	struct fake_sink *s = ctx;

	if (s->num_steps < ARRAY_SIZE(s->steps))
		s->steps[s->num_steps++] = step;
	return 0;
}

static int source_levels(void *ctx, u8 train_set)
{
	struct fake_sink *s = ctx;

	s->num_levels++;
	s->last_levels = train_set;
	return 0;
}

static int source_link(void *ctx, unsigned int lanes, u32 rate)
{
	struct fake_sink *s = ctx;

	if (s->num_links < ARRAY_SIZE(s->links)) {
		s->links[s->num_links].lanes = lanes;
		s->links[s->num_links].rate = rate;
		s->num_links++;
	}
	s->lanes = lanes;
	return s->link_err;
}

static struct fake_sink *fake_sink(struct kunit *test, enum sink_kind kind, u8 bw,
				   unsigned int lanes, struct ruby_dp_train *t)
{
	struct fake_sink *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	s->kind = kind;
	s->lanes = lanes;
	dp_caps(s->regs, bw, 4);
	s->aux.name = "fake sink";
	s->aux.transfer = sink_transfer;
	drm_dp_aux_init(&s->aux);
	*t = (struct ruby_dp_train){
		.aux = &s->aux, .dpcd = s->regs, .lanes = lanes, .rate = 270000,
		.step = source_step, .levels = source_levels, .link = source_link, .ctx = s,
	};
	return s;
}

static void ruby_dp_train_good_sink(struct kunit *test)
{
	static const enum ruby_dp_step order[] = {
		RUBY_DP_TRAIN_START, RUBY_DP_TPS1, RUBY_DP_TPS2, RUBY_DP_TRAIN_DONE,
	};
	struct ruby_dp_train t;
	struct fake_sink *s = fake_sink(test, SINK_GOOD, DP_LINK_BW_2_7, 2, &t);
	unsigned int i;

	KUNIT_ASSERT_EQ(test, ruby_dp_link_train(&t), 0);
	KUNIT_EXPECT_NULL(test, t.why);
	/* the sink was woken and told the link */
	KUNIT_EXPECT_EQ(test, s->regs[DP_SET_POWER], DP_SET_POWER_D0);
	KUNIT_EXPECT_EQ(test, s->regs[DP_LINK_BW_SET], DP_LINK_BW_2_7);
	KUNIT_EXPECT_EQ(test, s->regs[DP_LANE_COUNT_SET], 2 | DP_LANE_COUNT_ENHANCED_FRAME_EN);
	KUNIT_EXPECT_EQ(test, s->regs[DP_TRAINING_PATTERN_SET], DP_TRAINING_PATTERN_DISABLE);
	/* the source went through the steps in order, levels at their lowest */
	KUNIT_ASSERT_EQ(test, s->num_steps, ARRAY_SIZE(order));
	for (i = 0; i < ARRAY_SIZE(order); i++)
		KUNIT_EXPECT_EQ_MSG(test, s->steps[i], order[i], "step %u", i);
	KUNIT_EXPECT_EQ(test, s->num_levels, 1);
	KUNIT_EXPECT_EQ(test, s->last_levels, 0);
}

static void ruby_dp_train_follows_adjust_requests(struct kunit *test)
{
	struct ruby_dp_train t;
	struct fake_sink *s = fake_sink(test, SINK_ADJUST, DP_LINK_BW_2_7, 4, &t);
	u8 want = DP_TRAIN_VOLTAGE_SWING_LEVEL_2 | DP_TRAIN_PRE_EMPH_LEVEL_1;
	unsigned int lane;

	KUNIT_ASSERT_EQ(test, ruby_dp_link_train(&t), 0);
	KUNIT_EXPECT_EQ(test, s->last_levels, want);
	/* the levels reached the sink's four lanes too */
	for (lane = 0; lane < 4; lane++)
		KUNIT_EXPECT_EQ_MSG(test, s->regs[DP_TRAINING_LANE0_SET + lane], want,
				    "lane %u", lane);
	/* once for the start, once for the adjust */
	KUNIT_EXPECT_EQ(test, s->num_levels, 2);
}

static void ruby_dp_train_fails(struct kunit *test, enum sink_kind kind, const char *why,
				unsigned int tries)
{
	struct ruby_dp_train t;
	struct fake_sink *s = fake_sink(test, kind, DP_LINK_BW_2_7, 4, &t);

	KUNIT_EXPECT_EQ(test, ruby_dp_link_train(&t), -EIO);
	KUNIT_ASSERT_NOT_NULL(test, t.why);
	KUNIT_EXPECT_STREQ(test, t.why, why);
	KUNIT_EXPECT_EQ(test, t.tries, tries);
	/* the source ends training whatever happened */
	KUNIT_ASSERT_GT(test, s->num_steps, 0);
	KUNIT_EXPECT_EQ(test, s->steps[s->num_steps - 1], RUBY_DP_TRAIN_DONE);
	if (kind != SINK_DEAD)
		KUNIT_EXPECT_EQ(test, s->regs[DP_TRAINING_PATTERN_SET],
				DP_TRAINING_PATTERN_DISABLE);
}

static void ruby_dp_train_sink_never_locks(struct kunit *test)
{
	ruby_dp_train_fails(test, SINK_NEVER_LOCKS,
			    "clock recovery: no lock after 5 tries at one voltage swing", 5);
}

static void ruby_dp_train_sink_needs_too_much_swing(struct kunit *test)
{
	/* the second try runs at the maximum swing, and fails there */
	ruby_dp_train_fails(test, SINK_MAX_SWING,
			    "clock recovery: no lock at the maximum voltage swing", 2);
}

static void ruby_dp_train_sink_never_equalises(struct kunit *test)
{
	ruby_dp_train_fails(test, SINK_NEVER_EQ, "channel equalisation: not done after 5 tries",
			    5);
}

static void ruby_dp_train_sink_gone(struct kunit *test)
{
	ruby_dp_train_fails(test, SINK_DEAD, "AUX: the sink refused a training write", 0);
}

/* a sink that locks at 1.62 Gb/s only: the fallback's second link trains */
static void ruby_dp_fallback_trains_a_slower_link(struct kunit *test)
{
	struct ruby_dp_train t;
	struct fake_sink *s = fake_sink(test, SINK_SLOW, DP_LINK_BW_2_7, 4, &t);

	KUNIT_ASSERT_EQ(test, ruby_dp_train_fallback(&t, 148500), 0);
	KUNIT_EXPECT_NULL(test, t.why);
	KUNIT_ASSERT_EQ(test, s->num_links, 2);
	KUNIT_EXPECT_EQ(test, s->links[0].lanes, 2);
	KUNIT_EXPECT_EQ(test, s->links[0].rate, 270000);
	KUNIT_EXPECT_EQ(test, s->links[1].lanes, 4);
	KUNIT_EXPECT_EQ(test, s->links[1].rate, 162000);
	/* the link trained is the one left in @t, and the sink was told it */
	KUNIT_EXPECT_EQ(test, t.lanes, 4);
	KUNIT_EXPECT_EQ(test, t.rate, 162000);
	KUNIT_EXPECT_EQ(test, s->regs[DP_LINK_BW_SET], DP_LINK_BW_1_62);
	KUNIT_EXPECT_EQ(test, s->regs[DP_LANE_COUNT_SET], 4 | DP_LANE_COUNT_ENHANCED_FRAME_EN);
}

/* no slower link carries the mode: the first failure is the last */
static void ruby_dp_fallback_ends_when_no_link_carries(struct kunit *test)
{
	struct ruby_dp_train t;
	struct fake_sink *s = fake_sink(test, SINK_SLOW, DP_LINK_BW_2_7, 2, &t);

	dp_caps(s->regs, DP_LINK_BW_2_7, 2);
	KUNIT_EXPECT_EQ(test, ruby_dp_train_fallback(&t, 148500), -EIO);
	KUNIT_ASSERT_NOT_NULL(test, t.why);
	KUNIT_EXPECT_STREQ(test, t.why,
			   "clock recovery: no lock after 5 tries at one voltage swing");
	KUNIT_EXPECT_EQ(test, s->num_links, 1);
	KUNIT_EXPECT_EQ(test, t.lanes, 2);
	KUNIT_EXPECT_EQ(test, t.rate, 270000);
}

/* a source that cannot be set up: its error, no training, no fallback */
static void ruby_dp_fallback_stops_at_a_source_error(struct kunit *test)
{
	struct ruby_dp_train t;
	struct fake_sink *s = fake_sink(test, SINK_GOOD, DP_LINK_BW_2_7, 4, &t);

	s->link_err = -ENODEV;
	KUNIT_EXPECT_EQ(test, ruby_dp_train_fallback(&t, 148500), -ENODEV);
	KUNIT_EXPECT_EQ(test, s->num_links, 1);
	KUNIT_EXPECT_EQ(test, s->num_steps, 0);
	KUNIT_EXPECT_NULL(test, t.why);
}

/* ---- DCE4's AUX requests ---- */

static void ruby_dp_dce4_aux_requests(struct kunit *test)
{
	u8 payload[16] = { 0xa5, 0x5a }, req[16];
	struct drm_dp_aux_msg msg = {
		.address = DP_LINK_BW_SET, .request = DP_AUX_NATIVE_WRITE,
		.buffer = payload, .size = 2,
	};

	KUNIT_ASSERT_EQ(test, evergreen_dce_aux_request(&msg, req), 6);
	KUNIT_EXPECT_EQ(test, req[0], 0x00);
	KUNIT_EXPECT_EQ(test, req[1], 0x01);
	KUNIT_EXPECT_EQ(test, req[2], DP_AUX_NATIVE_WRITE << 4);
	KUNIT_EXPECT_EQ(test, req[3], 6 << 4 | 1);
	KUNIT_EXPECT_EQ(test, req[4], 0xa5);
	KUNIT_EXPECT_EQ(test, req[5], 0x5a);

	/* a 16-byte read of a 20-bit address: the header only */
	msg = (struct drm_dp_aux_msg){ .address = 0x12345, .request = DP_AUX_NATIVE_READ,
				       .buffer = payload, .size = 16 };
	KUNIT_ASSERT_EQ(test, evergreen_dce_aux_request(&msg, req), 4);
	KUNIT_EXPECT_EQ(test, req[0], 0x45);
	KUNIT_EXPECT_EQ(test, req[1], 0x23);
	KUNIT_EXPECT_EQ(test, req[2], DP_AUX_NATIVE_READ << 4 | 0x1);
	KUNIT_EXPECT_EQ(test, req[3], 4 << 4 | 15);

	/* an address-only I2C write (the EDID's start) */
	msg = (struct drm_dp_aux_msg){ .address = 0x50,
				       .request = DP_AUX_I2C_WRITE | DP_AUX_I2C_MOT };
	KUNIT_ASSERT_EQ(test, evergreen_dce_aux_request(&msg, req), 4);
	KUNIT_EXPECT_EQ(test, req[2], (DP_AUX_I2C_WRITE | DP_AUX_I2C_MOT) << 4);
	KUNIT_EXPECT_EQ(test, req[3], 3 << 4);

	/* what the table cannot carry */
	msg = (struct drm_dp_aux_msg){ .request = DP_AUX_NATIVE_WRITE, .buffer = payload,
				       .size = 13 };
	KUNIT_EXPECT_EQ(test, evergreen_dce_aux_request(&msg, req), -E2BIG);
	msg.size = 12;
	KUNIT_EXPECT_EQ(test, evergreen_dce_aux_request(&msg, req), 16);
	msg = (struct drm_dp_aux_msg){ .request = DP_AUX_I2C_READ, .buffer = payload,
				       .size = 17 };
	KUNIT_EXPECT_EQ(test, evergreen_dce_aux_request(&msg, req), -E2BIG);
	msg.request = 0x3;	/* no such request */
	msg.size = 1;
	KUNIT_EXPECT_EQ(test, evergreen_dce_aux_request(&msg, req), -EINVAL);
}

static struct kunit_case ruby_dp_cases[] = {
	KUNIT_CASE(ruby_dp_link_config_choice),
	KUNIT_CASE(ruby_dp_link_fallback_order),
	KUNIT_CASE(ruby_dp_mode_validity),
	KUNIT_CASE(ruby_dp_train_good_sink),
	KUNIT_CASE(ruby_dp_train_follows_adjust_requests),
	KUNIT_CASE(ruby_dp_train_sink_never_locks),
	KUNIT_CASE(ruby_dp_train_sink_needs_too_much_swing),
	KUNIT_CASE(ruby_dp_train_sink_never_equalises),
	KUNIT_CASE(ruby_dp_train_sink_gone),
	KUNIT_CASE(ruby_dp_fallback_trains_a_slower_link),
	KUNIT_CASE(ruby_dp_fallback_ends_when_no_link_carries),
	KUNIT_CASE(ruby_dp_fallback_stops_at_a_source_error),
	KUNIT_CASE(ruby_dp_dce4_aux_requests),
	{}
};

static struct kunit_suite ruby_dp_suite = {
	.name = "ruby_dp",
	.test_cases = ruby_dp_cases,
};

kunit_test_suite(ruby_dp_suite);
