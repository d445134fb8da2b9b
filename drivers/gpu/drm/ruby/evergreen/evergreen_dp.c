// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright 2026 The ruby authors
 */

/**
 * DOC: DCE4 DisplayPort AUX
 *
 * DCE4's AUX channels are run by the video BIOS's
 * ProcessAuxChannelTransaction (parameters v2), as AMD's boards expect:
 * the request (the AUX header's address, command and length bytes, then
 * a write's payload) goes into the interpreter's frame-buffer scratch at
 * byte 4, the table sends it on the AUX channel of the DDC line whose id
 * (GPIO_I2C_Info's ucAccess) it is given, with the sink's hot-plug pin,
 * and leaves the reply's payload at byte 20, its length and the reply
 * command (or 1: timeout, 2: reply bits not zero, 3: error) in its
 * parameters. The table reads the request's total length from a 4-bit
 * field, so a write carries at most 12 bytes; a read returns up to 16.
 * The scratch and the table run under the table lock together
 * (ruby_vbios_exec_scratch()).
 */

#include <drm/display/drm_dp_helper.h>

#include <kunit/visibility.h>

#include "../atom/atom_defs.h"
#include "../ruby_device.h"
#include "../ruby_vbios.h"
#include "evergreen.h"

/* PROCESS_AUX_CHANNEL_TRANSACTION_PARAMETERS_V2, little endian, packed */
struct dce4_aux_v2 {
	__le16 request;		/* lpAuxRequest: scratch byte of the request */
	__le16 reply;		/* lpDataOut: scratch byte of the reply */
	u8 line;		/* ucChannelID: the DDC line's id */
	u8 status;		/* ucDelay in (10 us units), ucReplyStatus out */
	u8 reply_len;		/* ucDataOutLen, out */
	u8 hpd;			/* ucHPD_ID: 0 for HPD1 */
} __packed;

union dce4_aux_ps {
	struct dce4_aux_v2 aux;
	u8 raw[16];
};

#define DCE4_AUX_REQUEST_AT	4
#define DCE4_AUX_REPLY_AT	20
#define DCE4_AUX_HEADER		4
#define DCE4_AUX_MAX		16
#define DCE4_AUX_WRITE_MAX	12
#define DCE4_AUX_BARE_ADDRESS	3	/* request length of an address-only one */
#define DCE4_AUX_TIMEOUT	1
#define DCE4_AUX_REPLY_BITS	2
#define DCE4_AUX_ERROR		3
#define DCE4_AUX_NO_HPD		0xff

/**
 * evergreen_dce_aux_request - an AUX message as the table's request bytes
 * @msg: the message
 * @req: the request, DCE4_AUX_MAX bytes, out
 *
 * Returns: the request's length, or -E2BIG for a payload the table cannot
 * carry, -EINVAL for a request it does not send.
 */
int evergreen_dce_aux_request(const struct drm_dp_aux_msg *msg, u8 *req)
{
	bool write;

	switch (msg->request & ~DP_AUX_I2C_MOT) {
	case DP_AUX_NATIVE_WRITE:
	case DP_AUX_I2C_WRITE:
	case DP_AUX_I2C_WRITE_STATUS_UPDATE:
		write = true;
		break;
	case DP_AUX_NATIVE_READ:
	case DP_AUX_I2C_READ:
		write = false;
		break;
	default:
		return -EINVAL;
	}
	if (msg->size > (write ? DCE4_AUX_WRITE_MAX : DCE4_AUX_MAX))
		return -E2BIG;
	req[0] = msg->address & 0xff;
	req[1] = (msg->address >> 8) & 0xff;
	req[2] = msg->request << 4 | ((msg->address >> 16) & 0xf);
	req[3] = msg->size ? msg->size - 1 : 0;
	if (!msg->size) {
		req[3] |= DCE4_AUX_BARE_ADDRESS << 4;
		return DCE4_AUX_HEADER;
	}
	if (!write) {
		req[3] |= DCE4_AUX_HEADER << 4;
		return DCE4_AUX_HEADER;
	}
	req[3] |= (DCE4_AUX_HEADER + msg->size) << 4;
	memcpy(req + DCE4_AUX_HEADER, msg->buffer, msg->size);
	return DCE4_AUX_HEADER + msg->size;
}
EXPORT_SYMBOL_IF_KUNIT(evergreen_dce_aux_request);

ssize_t evergreen_dce_aux_transfer(struct ruby_device *rdev, u8 line, int hpd,
				   struct drm_dp_aux_msg *msg)
{
	u8 req[DCE4_AUX_MAX] = {}, reply[DCE4_AUX_MAX];
	union dce4_aux_ps ps = { .aux = {
		.request = cpu_to_le16(DCE4_AUX_REQUEST_AT),
		.reply = cpu_to_le16(DCE4_AUX_REPLY_AT),
		.line = line, .hpd = hpd < 0 ? DCE4_AUX_NO_HPD : hpd,
	} };
	struct ruby_vbios_scratch io = {
		.in = req, .in_off = DCE4_AUX_REQUEST_AT,
		.out = reply, .out_off = DCE4_AUX_REPLY_AT, .out_len = DCE4_AUX_MAX,
	};
	bool read = msg->request & DP_AUX_I2C_READ;	/* and native: bit 0 */
	int ret = evergreen_dce_aux_request(msg, req);

	if (ret < 0)
		return ret;
	io.in_len = ret;
	ret = ruby_vbios_exec_scratch(rdev, ATOM_CMD_PROCESS_AUX_CHANNEL, &ps, sizeof(ps), &io);
	if (ret)
		return ret;
	switch (ps.aux.status) {
	case DCE4_AUX_TIMEOUT:
		return -ETIMEDOUT;
	case DCE4_AUX_REPLY_BITS:
	case DCE4_AUX_ERROR:
		return -EIO;
	}
	msg->reply = ps.aux.status >> 4;
	if (!read)
		return msg->size;
	ret = min_t(u32, ps.aux.reply_len, msg->size);
	memcpy(msg->buffer, reply, ret);
	return ret;
}
