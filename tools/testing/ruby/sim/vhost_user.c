// SPDX-License-Identifier: GPL-2.0-only
/*
 * vhost-user back end for UML's virt-pci, in the one mode measured to be
 * reliable with Linux 6.12: in-band notifications. The front end kicks a
 * queue with a VRING_KICK message and waits for its ack; the device does
 * the work, sends VRING_CALL messages on the back-end channel for every
 * queue it used, and only then acks the kick.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "vhost_user.h"
#include "virtpci.h"
#include "virtq.h"

enum {
	VU_GET_FEATURES = 1,
	VU_SET_FEATURES = 2,
	VU_SET_OWNER = 3,
	VU_RESET_OWNER = 4,
	VU_SET_MEM_TABLE = 5,
	VU_SET_VRING_NUM = 8,
	VU_SET_VRING_ADDR = 9,
	VU_SET_VRING_BASE = 10,
	VU_GET_VRING_BASE = 11,
	VU_SET_VRING_KICK = 12,
	VU_SET_VRING_CALL = 13,
	VU_SET_VRING_ERR = 14,
	VU_GET_PROTOCOL_FEATURES = 15,
	VU_SET_PROTOCOL_FEATURES = 16,
	VU_SET_VRING_ENABLE = 18,
	VU_SET_SLAVE_REQ_FD = 21,
	VU_VRING_KICK = 35,
};

#define VU_BACKEND_VRING_CALL	4

#define VU_FLAG_VERSION		1u
#define VU_FLAG_REPLY		(1u << 2)
#define VU_FLAG_NEED_REPLY	(1u << 3)

#define VU_F_VERSION_1		(1ull << 32)
#define VU_F_PROTOCOL_FEATURES	(1ull << 30)
#define VU_PF_REPLY_ACK		(1ull << 3)
#define VU_PF_SLAVE_REQ		(1ull << 5)
#define VU_PF_INBAND_NOTIFY	(1ull << 14)

#define VU_NR_QUEUES		2
#define VU_QUEUE_CMD		0
#define VU_QUEUE_IRQ		1
#define VU_MAX_FDS		8
#define VU_MAX_PAYLOAD		4096

struct vu_hdr {
	uint32_t request;
	uint32_t flags;
	uint32_t size;
} __attribute__((packed));

struct vu_msg {
	struct vu_hdr hdr;
	union {
		uint64_t u64;
		struct {
			uint32_t index, num;
		} state;
		struct {
			uint32_t index, flags;
			uint64_t desc, used, avail, log;
		} addr;
		struct {
			uint32_t num, padding;
			struct {
				uint64_t guest_addr, size, user_addr, mmap_offset;
			} region[VU_MAX_FDS];
		} mem;
		uint8_t raw[VU_MAX_PAYLOAD];
	};
} __attribute__((packed));

struct vu_mapping {
	void *base;
	size_t len;
};

struct vu {
	struct sim *sim;
	int listen_fd, sock, backend_fd;
	char path[108];
	struct vq_mem mem;
	struct vu_mapping maps[VU_MAX_FDS];
	struct virtq vq[VU_NR_QUEUES];
	bool call_pending[VU_NR_QUEUES];
	unsigned int msi_pending;
	uint64_t protocol;
};

struct vu *vu_listen(struct sim *sim, const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	struct vu *vu;

	if (strlen(path) >= sizeof(addr.sun_path)) {
		fprintf(stderr, "ruby-sim: socket path too long\n");
		return NULL;
	}
	vu = calloc(1, sizeof(*vu));
	if (!vu)
		return NULL;
	vu->sim = sim;
	vu->sock = vu->backend_fd = -1;
	strcpy(addr.sun_path, path);
	strcpy(vu->path, path);
	unlink(path);
	vu->listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (vu->listen_fd < 0 ||
	    bind(vu->listen_fd, (struct sockaddr *)&addr, sizeof(addr)) ||
	    listen(vu->listen_fd, 1)) {
		perror("ruby-sim: socket");
		free(vu);
		return NULL;
	}
	return vu;
}

int vu_accept(struct vu *vu)
{
	struct ucred peer;
	socklen_t len = sizeof(peer);

	vu->sock = accept4(vu->listen_fd, NULL, NULL, SOCK_CLOEXEC);
	if (vu->sock < 0) {
		perror("ruby-sim: accept");
		return -1;
	}
	/* whose waits for a CPU the timing status counts (hostwait.c) */
	if (!getsockopt(vu->sock, SOL_SOCKET, SO_PEERCRED, &peer, &len))
		vu->sim->front_end_pid = peer.pid;
	return 0;
}

/* Read one message and the file descriptors that came with it. */
static int vu_recv(struct vu *vu, struct vu_msg *msg, int *fds, int *nfds)
{
	char control[CMSG_SPACE(VU_MAX_FDS * sizeof(int))];
	struct iovec iov = { .iov_base = &msg->hdr, .iov_len = sizeof(msg->hdr) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = control, .msg_controllen = sizeof(control),
	};
	struct cmsghdr *cmsg;
	size_t got = 0;
	ssize_t n;

	*nfds = 0;
	n = recvmsg(vu->sock, &mh, MSG_CMSG_CLOEXEC);
	if (n == 0)
		return 0;
	if (n != sizeof(msg->hdr))
		return -1;
	for (cmsg = CMSG_FIRSTHDR(&mh); cmsg; cmsg = CMSG_NXTHDR(&mh, cmsg)) {
		if (cmsg->cmsg_level == SOL_SOCKET && cmsg->cmsg_type == SCM_RIGHTS) {
			*nfds = (cmsg->cmsg_len - CMSG_LEN(0)) / sizeof(int);
			memcpy(fds, CMSG_DATA(cmsg), *nfds * sizeof(int));
		}
	}
	if (msg->hdr.size > VU_MAX_PAYLOAD)
		return -1;
	while (got < msg->hdr.size) {
		n = read(vu->sock, msg->raw + got, msg->hdr.size - got);
		if (n <= 0)
			return -1;
		got += n;
	}
	return 1;
}

static int write_all(int fd, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= n;
	}
	return 0;
}

static int vu_reply(struct vu *vu, const struct vu_msg *req, const void *payload,
		    uint32_t size)
{
	struct vu_msg msg = {
		.hdr = {
			.request = req->hdr.request,
			.flags = VU_FLAG_VERSION | VU_FLAG_REPLY,
			.size = size,
		},
	};

	memcpy(msg.raw, payload, size);
	return write_all(vu->sock, &msg, sizeof(msg.hdr) + size);
}

static int vu_reply_u64(struct vu *vu, const struct vu_msg *req, uint64_t v)
{
	return vu_reply(vu, req, &v, sizeof(v));
}

/* Tell the front end that a queue has used buffers (back-end channel). */
static int vu_call(struct vu *vu, unsigned int queue)
{
	struct vu_msg msg = {
		.hdr = {
			.request = VU_BACKEND_VRING_CALL,
			.flags = VU_FLAG_VERSION,
			.size = sizeof(msg.state),
		},
		.state = { .index = queue, .num = 0 },
	};

	if (vu->backend_fd < 0)
		return -1;
	return write_all(vu->backend_fd, &msg, sizeof(msg.hdr) + sizeof(msg.state));
}

static int vu_flush_calls(struct vu *vu)
{
	unsigned int q;

	for (q = 0; q < VU_NR_QUEUES; q++) {
		if (!vu->call_pending[q])
			continue;
		vu->call_pending[q] = false;
		if (vu_call(vu, q))
			return -1;
	}
	return 0;
}

/* Deliver MSIs into buffers the front end posted on the "irq" queue. */
static void vu_deliver_msis(struct vu *vu)
{
	struct virtq *vq = &vu->vq[VU_QUEUE_IRQ];
	struct vq_elem elem;

	while (vu->msi_pending && vq_pop(vq, &vu->mem, &elem) == 1) {
		size_t len = elem.out ? virtpci_msi_message(vu->sim, elem.out,
							   elem.out_len) : 0;

		free(elem.in);
		vq_push(vq, &elem, len);
		vu->call_pending[VU_QUEUE_IRQ] = true;
		vu->msi_pending--;
	}
}

static void *vu_dma(void *ctx, uint64_t gpa, uint64_t len)
{
	struct vu *vu = ctx;

	return vq_translate(&vu->mem, gpa, len);
}

static void vu_raise_msi(struct sim *sim, void *ctx)
{
	struct vu *vu = ctx;

	(void)sim;
	vu->msi_pending++;
	vu_deliver_msis(vu);
}

static int vu_run_cmd_queue(struct vu *vu)
{
	struct virtq *vq = &vu->vq[VU_QUEUE_CMD];
	struct vq_elem elem;
	int ret;

	while ((ret = vq_pop(vq, &vu->mem, &elem)) == 1) {
		long len = virtpci_handle(vu->sim, elem.in, elem.in_len,
					  elem.out, elem.out_len);

		free(elem.in);
		if (len < 0) {
			fprintf(stderr, "ruby-sim: malformed virt-pci request\n");
			return -1;
		}
		vq_push(vq, &elem, len);
		vu->call_pending[VU_QUEUE_CMD] = true;
	}
	return ret;
}

static int vu_set_mem_table(struct vu *vu, const struct vu_msg *msg,
			    const int *fds, int nfds)
{
	uint32_t i;

	if (msg->mem.num > VU_MAX_FDS || (int)msg->mem.num != nfds)
		return -1;
	for (i = 0; i < vu->mem.nr; i++)
		munmap(vu->maps[i].base, vu->maps[i].len);
	vu->mem.nr = 0;
	for (i = 0; i < msg->mem.num; i++) {
		size_t len = msg->mem.region[i].size + msg->mem.region[i].mmap_offset;
		void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fds[i], 0);

		close(fds[i]);
		if (p == MAP_FAILED) {
			perror("ruby-sim: mmap of guest memory");
			return -1;
		}
		vu->maps[i] = (struct vu_mapping){ p, len };
		vu->mem.region[i] = (struct vq_mem_region){
			.guest_addr = msg->mem.region[i].user_addr,
			.size = msg->mem.region[i].size,
			.host = (uint8_t *)p + msg->mem.region[i].mmap_offset,
		};
		vu->mem.nr++;
	}
	return 0;
}

static struct virtq *vu_queue(struct vu *vu, uint32_t index)
{
	index &= 0xff;
	return index < VU_NR_QUEUES ? &vu->vq[index] : NULL;
}

/* Handle one message; returns 0, or -1 to drop the front end. */
static int vu_dispatch(struct vu *vu, struct vu_msg *msg, int *fds, int nfds)
{
	struct virtq *vq;
	uint64_t status = 0;
	int i;

	switch (msg->hdr.request) {
	case VU_GET_FEATURES:
		return vu_reply_u64(vu, msg, VU_F_VERSION_1 | VU_F_PROTOCOL_FEATURES);
	case VU_GET_PROTOCOL_FEATURES:
		return vu_reply_u64(vu, msg, VU_PF_REPLY_ACK | VU_PF_SLAVE_REQ |
					     VU_PF_INBAND_NOTIFY);
	case VU_SET_PROTOCOL_FEATURES:
		vu->protocol = msg->u64;
		break;
	case VU_SET_FEATURES:
	case VU_SET_OWNER:
	case VU_RESET_OWNER:
		break;
	case VU_SET_SLAVE_REQ_FD:
		if (nfds != 1)
			return -1;
		vu->backend_fd = fds[0];
		nfds = 0;
		break;
	case VU_SET_MEM_TABLE:
		if (vu_set_mem_table(vu, msg, fds, nfds))
			return -1;
		nfds = 0;
		break;
	case VU_SET_VRING_NUM:
		vq = vu_queue(vu, msg->state.index);
		if (!vq || !msg->state.num || msg->state.num > 32768)
			return -1;
		vq->num = msg->state.num;
		break;
	case VU_SET_VRING_BASE:
		vq = vu_queue(vu, msg->state.index);
		if (!vq)
			return -1;
		vq->last_avail = msg->state.num;
		break;
	case VU_SET_VRING_ADDR:
		vq = vu_queue(vu, msg->addr.index);
		if (!vq)
			return -1;
		vq->desc_addr = msg->addr.desc;
		vq->avail_addr = msg->addr.avail;
		vq->used_addr = msg->addr.used;
		if (vq_map(vq, &vu->mem)) {
			fprintf(stderr, "ruby-sim: vring outside guest memory\n");
			return -1;
		}
		break;
	case VU_SET_VRING_ENABLE:
		vq = vu_queue(vu, msg->state.index);
		if (!vq)
			return -1;
		vq->enabled = msg->state.num;
		break;
	case VU_SET_VRING_KICK:
	case VU_SET_VRING_CALL:
	case VU_SET_VRING_ERR:
		/* in-band notifications: any fd passed along is not used */
		break;
	case VU_GET_VRING_BASE:
		vq = vu_queue(vu, msg->state.index);
		if (!vq)
			return -1;
		msg->state.num = vq->last_avail;
		vq->desc = NULL;
		return vu_reply(vu, msg, &msg->state, sizeof(msg->state));
	case VU_VRING_KICK:
		if (msg->state.index == VU_QUEUE_CMD && vu_run_cmd_queue(vu) < 0)
			return -1;
		vu_deliver_msis(vu);
		if (vu_flush_calls(vu))
			return -1;
		break;
	default:
		fprintf(stderr, "ruby-sim: unsupported vhost-user request %u\n",
			msg->hdr.request);
		status = 1;
		break;
	}
	for (i = 0; i < nfds; i++)
		close(fds[i]);
	if (msg->hdr.flags & VU_FLAG_NEED_REPLY)
		return vu_reply_u64(vu, msg, status);
	return 0;
}

/*
 * Wait for the front end's next message, running the display's timed
 * events (vblank.c) and the control files written (control.c) meanwhile;
 * their MSIs go out at once. Returns 1 when a
 * message is there, -1 on an error.
 */
static int vu_wait(struct vu *vu)
{
	struct pollfd pfd[2] = {
		{ .fd = vu->sock, .events = POLLIN },
		{ .fd = sim_control_fd(), .events = POLLIN },	/* -1: ignored */
	};
	struct timespec ts;
	int64_t ns;
	int ret;

	for (;;) {
		sim_vblank_tick(vu->sim);
		vu_deliver_msis(vu);
		if (vu_flush_calls(vu))
			return -1;
		ns = sim_vblank_next_ns(vu->sim);
		ts.tv_sec = ns / 1000000000;
		ts.tv_nsec = ns % 1000000000;
		ret = ppoll(pfd, 2, ns < 0 ? NULL : &ts, NULL);
		if (ret > 0 && pfd[1].revents)
			sim_control_run(vu->sim);
		if (ret > 0 && pfd[0].revents)
			return 1;
		if (ret < 0 && errno != EINTR)
			return -1;
	}
}

int vu_serve(struct vu *vu)
{
	struct vu_msg msg;
	int fds[VU_MAX_FDS], nfds, ret;

	vu->sim->transport.raise_msi = vu_raise_msi;
	vu->sim->transport.dma = vu_dma;
	vu->sim->transport.ctx = vu;
	for (;;) {
		if (vu_wait(vu) < 0) {
			fprintf(stderr, "ruby-sim: waiting for the front end failed\n");
			return -1;
		}
		ret = vu_recv(vu, &msg, fds, &nfds);
		if (ret == 0)
			return 0;
		if (ret < 0) {
			fprintf(stderr, "ruby-sim: bad message from the front end\n");
			return -1;
		}
		if (vu_dispatch(vu, &msg, fds, nfds))
			return -1;
	}
}

void vu_close(struct vu *vu)
{
	unsigned int i;

	for (i = 0; i < vu->mem.nr; i++)
		munmap(vu->maps[i].base, vu->maps[i].len);
	if (vu->sock >= 0)
		close(vu->sock);
	if (vu->backend_fd >= 0)
		close(vu->backend_fd);
	close(vu->listen_fd);
	unlink(vu->path);
	free(vu);
}
